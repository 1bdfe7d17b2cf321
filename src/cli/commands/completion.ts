import { CATEGORIES } from '../../domain/model.js';
import { UsageError } from '../args.js';
import { JOURNAL_CHOICES, JOURNAL_FLAGS } from '../journal-args.js';
import { COMMAND_NAMES } from './command-names.js';
import { COMMAND_SPECS, COMMON_FLAGS, ORDER_SUBCOMMANDS, type CommandKey, type FlagSpec } from './command-specs.js';

/**
 * `utadash completion bash|zsh`: a completion script for the shell, generated from the commands'
 * flag table (command-specs.ts), so a new flag completes without editing a script:
 * `eval "$(utadash completion bash)"` in ~/.bashrc, `eval "$(utadash completion zsh)"` in ~/.zshrc
 * (after compinit).
 */

/** Fixed values a flag takes. */
const FLAG_VALUES: Readonly<Record<string, readonly string[]>> = {
  '--category': CATEGORIES,
  '--tif': ['gtc', 'ioc', 'fok', 'post_only'],
  '--margin': ['crossed', 'isolated'],
  '--trigger-by': ['last', 'mark'],
  '--side': ['long', 'short'],
  '--term': ['flexible', '7', '30'],
  ...JOURNAL_CHOICES,
};

/** Flags whose value is a file name. */
const FILE_FLAGS = ['--out', '--journal'];
/** Flags whose value is free (nothing to offer): every flag that takes a value, less the two kinds above. */
const FREE_FLAGS = [
  ...new Set([...Object.values(COMMAND_SPECS).flatMap((spec: FlagSpec) => spec.values ?? []), ...COMMON_FLAGS.values, ...Object.values(JOURNAL_FLAGS).flat()]),
].filter((flag) => FLAG_VALUES[flag] === undefined && !FILE_FLAGS.includes(flag));

/** Words in second place: subcommands. */
const SUBWORDS: Readonly<Record<string, readonly string[]>> = {
  order: ORDER_SUBCOMMANDS,
  countdown: ['arm', 'disarm'],
  completion: ['bash', 'zsh'],
  journal: Object.keys(JOURNAL_FLAGS),
  help: [...COMMAND_NAMES, 'journal'].filter((n) => n !== 'help'),
};

/** Every flag `key` takes (its own and the common ones). */
function flagsOf(key: CommandKey): string {
  const spec: { readonly values?: readonly string[]; readonly switches?: readonly string[] } = COMMAND_SPECS[key];
  return [...(spec.values ?? []), ...(spec.switches ?? []), ...COMMON_FLAGS.values, ...COMMON_FLAGS.switches].join(' ');
}

/**
 * `case` branches: `key) flags="...";;`, the order and journal groups keyed by their subcommand
 * (`journal export`: the journal's own flags, no common ones).
 */
function caseLines(indent: string, pattern: (key: string) => string, assign: (flags: string) => string): string {
  const commands = (Object.keys(COMMAND_SPECS) as CommandKey[]).map((key) => [key, flagsOf(key)] as const);
  const journal = Object.entries(JOURNAL_FLAGS).map(([sub, flags]) => [`journal ${sub}`, [...flags, '--help'].join(' ')] as const);
  return [...commands, ...journal].map(([key, flags]) => `${indent}${pattern(key)}) ${assign(flags)} ;;`).join('\n');
}

const TOP_WORDS = [...COMMAND_NAMES, 'journal', 'sim'].join(' ');

function bashScript(): string {
  const values = Object.entries(FLAG_VALUES).map(([flag, list]) => `    ${flag}) COMPREPLY=($(compgen -W "${list.join(' ')}" -- "$cur")); return ;;`).join('\n');
  const subs = Object.entries(SUBWORDS).map(([cmd, list]) => `    ${cmd}) words="${list.join(' ')}" ;;`).join('\n');
  return `# utadash bash completion: eval "$(utadash completion bash)"
_utadash() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local cmd="\${COMP_WORDS[1]}" sub="\${COMP_WORDS[2]}" words="" flags=""
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "${TOP_WORDS}" -- "$cur")); return; fi
  case "$prev" in
${values}
    ${FILE_FLAGS.join('|')}) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    ${FREE_FLAGS.join('|')}) COMPREPLY=(); return ;;
  esac
  if [ "$COMP_CWORD" -eq 2 ]; then
    case "$cmd" in
${subs}
    esac
    if [ -n "$words" ]; then COMPREPLY=($(compgen -W "$words" -- "$cur")); return; fi
  fi
  case "$cmd" in order|journal) cmd="$cmd $sub" ;; esac
  case "$cmd" in
${caseLines('    ', (k) => `"${k}"`, (f) => `flags="${f}"`)}
  esac
  COMPREPLY=($(compgen -W "$flags" -- "$cur"))
}
complete -F _utadash utadash
`;
}

function zshScript(): string {
  const values = Object.entries(FLAG_VALUES).map(([flag, list]) => `    ${flag}) compadd -- ${list.join(' ')}; return ;;`).join('\n');
  const subs = Object.entries(SUBWORDS).map(([cmd, list]) => `      ${cmd}) compadd -- ${list.join(' ')}; return ;;`).join('\n');
  return `# utadash zsh completion: eval "$(utadash completion zsh)" (after compinit)
_utadash() {
  local cmd=$words[2] sub=$words[3] prev=$words[CURRENT-1]
  local -a flags
  if (( CURRENT == 2 )); then compadd -- ${TOP_WORDS}; return; fi
  case $prev in
${values}
    ${FILE_FLAGS.join('|')}) _files; return ;;
    ${FREE_FLAGS.join('|')}) return ;;
  esac
  if (( CURRENT == 3 )); then
    case $cmd in
${subs}
    esac
  fi
  [[ $cmd == order || $cmd == journal ]] && cmd="$cmd $sub"
  case $cmd in
${caseLines('    ', (k) => `'${k}'`, (f) => `flags=(${f})`)}
  esac
  compadd -- $flags
}
compdef _utadash utadash
`;
}

/** The completion script for `rest[0]` (bash or zsh). */
export function completionScript(rest: readonly string[]): string {
  const [shell, extra] = rest;
  if (extra !== undefined) throw new UsageError(`completion: unexpected "${extra}" (usage: utadash completion bash|zsh)`);
  if (shell === 'bash') return bashScript();
  if (shell === 'zsh') return zshScript();
  throw new UsageError(`completion: name the shell: bash or zsh (got "${shell ?? ''}")`);
}
