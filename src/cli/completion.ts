// `gateway-desk completion bash|zsh|fish`: a completion script for the shell, made from the commands and options
// the program declares, so it never lists one that does not exist or misses a new one.
import type { Command } from 'commander'

interface Level {
  /** The words of the command so far: `batch run`. */
  path: string
  words: string[]
}

/** Every command path with what may follow it: its subcommands and its long options. */
function levels(root: Command): { levels: Level[]; valued: string[] } {
  const found: Level[] = []
  const valued = new Set<string>()
  const walk = (command: Command, path: string[]) => {
    for (const option of command.options)
      if (option.required || option.optional) valued.add(option.long ?? '')
    found.push({
      path: path.join(' '),
      words: [
        ...command.commands.map((sub) => sub.name()),
        ...command.options.map((option) => option.long ?? '').filter(Boolean),
      ],
    })
    for (const sub of command.commands) walk(sub, [...path, sub.name()])
  }
  walk(root, [])
  // The global options may come anywhere before the command's own.
  const globals = root.options.map((option) => option.long ?? '').filter(Boolean)
  for (const level of found) if (level.path) level.words.push(...globals)
  return { levels: found, valued: [...valued].filter(Boolean) }
}

function bash(root: Command): string {
  const { levels: all, valued } = levels(root)
  const cases = all.map((level) => `    "${level.path}") words="${level.words.join(' ')}" ;;`).join('\n')
  return `# gateway-desk completion for bash: \`source <(gateway-desk completion bash)\`
_gateway_desk() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" skip="" i words=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    local word="\${COMP_WORDS[i]}"
    if [[ -n "$skip" ]]; then skip=""; continue; fi
    case " ${valued.join(' ')} " in *" $word "*) skip=1; continue ;; esac
    [[ "$word" == -* ]] && continue
    path="\${path:+$path }$word"
  done
  case "$path" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
  # Past the known words (a file, an id), the shell's own file names.
  [[ \${#COMPREPLY[@]} -eq 0 ]] && compopt -o default 2>/dev/null
  return 0
}
complete -F _gateway_desk gateway-desk
`
}

function fish(root: Command): string {
  const { levels: all } = levels(root)
  const lines = ['# gateway-desk completion for fish: `gateway-desk completion fish | source`']
  for (const level of all) {
    const words = level.path ? level.path.split(' ') : []
    const condition = words.length ? `__fish_seen_subcommand_from ${words.at(-1)}` : '__fish_use_subcommand'
    const subs = level.words.filter((word) => !word.startsWith('-'))
    const options = level.words.filter((word) => word.startsWith('--')).map((word) => word.slice(2))
    if (subs.length) lines.push(`complete -c gateway-desk -f -n '${condition}' -a '${subs.join(' ')}'`)
    for (const option of options) lines.push(`complete -c gateway-desk -n '${condition}' -l ${option}`)
  }
  return `${lines.join('\n')}\n`
}

/** The completion script for `shell`, or null for a shell it does not know. */
export function completionScript(root: Command, shell: string): string | null {
  if (shell === 'bash') return bash(root)
  // zsh reads bash's completion through its own compatibility layer.
  if (shell === 'zsh') return `autoload -U +X bashcompinit && bashcompinit\n${bash(root)}`
  if (shell === 'fish') return fish(root)
  return null
}
