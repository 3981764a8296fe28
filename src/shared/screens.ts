// The app's screens in sidebar order, by name and address: the sidebar, the keyboard shortcuts and the
// application menu all read this list.
export const screenList = [
  { id: 'decisions', label: 'Decisions', path: '/decisions' },
  { id: 'images', label: 'Images', path: '/images' },
  { id: 'videos', label: 'Videos', path: '/videos' },
  { id: 'models', label: 'Models', path: '/models' },
  { id: 'playground', label: 'Playground', path: '/playground' },
  { id: 'settings', label: 'Settings', path: '/settings' },
] as const

export type ScreenId = (typeof screenList)[number]['id']
