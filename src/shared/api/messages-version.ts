// The version header value the messages endpoint requires (document 3 §9), apart from the wire schemas so that
// the code samples shown on every screen do not load the schemas' library.
export const messagesVersion = '2023-06-01'
