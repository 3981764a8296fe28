// Entry of the renderer: query client, then the shell.
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Shell } from './app/Shell.tsx'
import { createQueryClient } from './query.ts'
import './styles/tokens.css'
import './styles/shell.css'
import './styles/controls.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <Shell />
    </QueryClientProvider>
  </StrictMode>,
)
