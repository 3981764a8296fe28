// The app's screens, in sidebar order; Ctrl/Cmd+1…6 follow this order.
import type { ComponentType } from 'react'
import { type ScreenId, screenList } from '#shared/screens'
import type { IconName } from '../components/Icon.tsx'
import { DecisionsScreen } from '../features/decisions/DecisionsScreen.tsx'
import { ImagesScreen } from '../features/images/ImagesScreen.tsx'
import { ModelsScreen } from '../features/models/ModelsScreen.tsx'
import { PlaygroundScreen } from '../features/playground/PlaygroundScreen.tsx'
import { SettingsScreen } from '../features/settings/SettingsScreen.tsx'
import { VideosScreen } from '../features/videos/VideosScreen.tsx'
import { screenOf } from '../router.ts'

export interface Screen {
  id: string
  label: string
  icon: IconName
  path: string
  Component: ComponentType
}

const components: Record<ScreenId, { icon: IconName; Component: ComponentType }> = {
  decisions: { icon: 'decisions', Component: DecisionsScreen },
  images: { icon: 'images', Component: ImagesScreen },
  videos: { icon: 'videos', Component: VideosScreen },
  models: { icon: 'models', Component: ModelsScreen },
  playground: { icon: 'playground', Component: PlaygroundScreen },
  settings: { icon: 'settings', Component: SettingsScreen },
}

export const screens: readonly Screen[] = screenList.map((screen) => ({
  ...screen,
  ...components[screen.id],
}))

export function screenForPath(path: string): Screen | undefined {
  return screens.find((screen) => screen.path === screenOf(path))
}

export const isMac = navigator.userAgent.includes('Mac')
export const shortcutLabel = (index: number) => `${isMac ? '⌘' : 'Ctrl+'}${index + 1}`
export const shortcutKeys = (index: number) => `${isMac ? 'Meta' : 'Control'}+${index + 1}`
