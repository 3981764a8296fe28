// Decisions: build questionnaires visually, run them on content, read the answers as charts.
import { EmptyState } from '../../components/EmptyState.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'

export function DecisionsScreen() {
  return (
    <>
      <ScreenHeader
        title="Decisions"
        subtitle="Typed answers about your content: yes/no, one of a list, or a score."
      />
      <EmptyState
        icon="decisions"
        title="No questionnaires yet"
        summary="Build a questionnaire of predicate, choice and score questions, run it on text, JSON or images, and read every answer at a glance."
        steps={[
          'Add questions by clicking — no JSON to write',
          'Run on one input, or on thousands from a CSV or JSONL file',
          'Compare two runs side by side and export the results',
        ]}
      />
    </>
  )
}
