// A video task's states (document 2 §3), apart from the wire schemas so that screens can list them without
// loading the schemas' library.
export const videoStatuses = ['pending', 'completed', 'failed', 'cancelled', 'expired'] as const
