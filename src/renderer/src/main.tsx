// Entry of the renderer: query client, then the shell.
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Shell } from './app/Shell.tsx'
import { createQueryClient } from './ipc.ts'
import './styles/tokens.css'
import './styles/shell.css'
import './styles/controls.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// As a transition the first render yields to the browser every few milliseconds instead of holding the page
// in one long task while the shell and the first screen are built.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <Shell />
      </QueryClientProvider>
    </StrictMode>,
  ),
)
