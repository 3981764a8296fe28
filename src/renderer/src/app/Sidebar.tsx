// The sidebar: one link per screen, with its keyboard shortcut.
import { Icon } from '../components/Icon.tsx'
import { lastPathOf, navigate } from '../router.ts'
import { type Screen, screens, shortcutKeys, shortcutLabel } from './screens.tsx'

export function Sidebar({ active }: { active: Screen }) {
  return (
    <aside className="sidebar">
      <div className="sidebar__brand">
        <span className="sidebar__logo">
          <Icon name="logo" size={20} />
        </span>
        <span className="sidebar__name">Gateway Desk</span>
      </div>
      <nav aria-label="Screens">
        <ul className="sidebar__list">
          {screens.map((screen, index) => (
            <li key={screen.id}>
              <a
                href={`#${lastPathOf(screen.path)}`}
                // The sidebar renders when the screen changes, not at each change of a screen's address: the
                // address a screen was left at is read at the click, and the shown screen's link stays where it is.
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                    return
                  event.preventDefault()
                  if (screen.id !== active.id) navigate(lastPathOf(screen.path))
                }}
                className="sidebar__link"
                title={`${screen.label} (${shortcutLabel(index)})`}
                aria-current={screen.id === active.id ? 'page' : undefined}
                aria-keyshortcuts={shortcutKeys(index)}
              >
                <Icon name={screen.icon} />
                <span className="sidebar__label">{screen.label}</span>
                <span className="shortcut" aria-hidden="true">
                  {shortcutLabel(index)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  )
}
