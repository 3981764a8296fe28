// The app's screens, in sidebar order; Ctrl/Cmd+1…6 follow this order.
import type { ComponentType } from 'react'
import type { IconName } from '../components/Icon.tsx'
import { DecisionsScreen } from '../features/decisions/DecisionsScreen.tsx'
import { ImagesScreen } from '../features/images/ImagesScreen.tsx'
import { ModelsScreen } from '../features/models/ModelsScreen.tsx'
import { PlaygroundScreen } from '../features/playground/PlaygroundScreen.tsx'
import { SettingsScreen } from '../features/settings/SettingsScreen.tsx'
import { VideosScreen } from '../features/videos/VideosScreen.tsx'

export interface Screen {
  id: string
  label: string
  icon: IconName
  path: string
  Component: ComponentType
}

export const screens: readonly Screen[] = [
  { id: 'decisions', label: 'Decisions', icon: 'decisions', path: '/decisions', Component: DecisionsScreen },
  { id: 'images', label: 'Images', icon: 'images', path: '/images', Component: ImagesScreen },
  { id: 'videos', label: 'Videos', icon: 'videos', path: '/videos', Component: VideosScreen },
  { id: 'models', label: 'Models', icon: 'models', path: '/models', Component: ModelsScreen },
  {
    id: 'playground',
    label: 'Playground',
    icon: 'playground',
    path: '/playground',
    Component: PlaygroundScreen,
  },
  { id: 'settings', label: 'Settings', icon: 'settings', path: '/settings', Component: SettingsScreen },
]

export function screenForPath(path: string): Screen | undefined {
  const first = `/${path.split(/[/?]/)[1] ?? ''}`
  return screens.find((screen) => screen.path === first)
}

export const isMac = navigator.userAgent.includes('Mac')
export const shortcutLabel = (index: number) => `${isMac ? '⌘' : 'Ctrl+'}${index + 1}`
export const shortcutKeys = (index: number) => `${isMac ? 'Meta' : 'Control'}+${index + 1}`
