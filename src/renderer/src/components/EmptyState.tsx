// What a screen shows before it has anything to show: what it is for and what the person can do here.
import { Icon, type IconName } from './Icon.tsx'

export function EmptyState(props: { icon: IconName; title: string; summary: string; steps: string[] }) {
  return (
    <section className="empty-state" aria-labelledby="empty-state-title">
      <div className="empty-state__icon">
        <Icon name={props.icon} size={28} />
      </div>
      <h2 id="empty-state-title">{props.title}</h2>
      <p className="empty-state__summary">{props.summary}</p>
      <ul className="empty-state__steps">
        {props.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </section>
  )
}
