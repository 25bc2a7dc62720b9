/**
 * `.dockerignore` semantics (as Docker's pattern matcher): patterns in order, `!` re-includes, the last pattern
 * that matches a path or one of its parent directories decides; `*` and `?` stay within a path segment, `**`
 * spans any number of segments. Paths are relative to the build context, with `/` separators.
 */
export type ContextFilter = (relativePath: string) => boolean;

function toRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '*' && pattern[i + 1] === '*') {
      const slashAfter = pattern[i + 2] === '/';
      source += slashAfter ? '(?:.*/)?' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Returns a filter that answers whether a path of the build context is sent to the builder. */
export function dockerignoreFilter(text: string): ContextFilter {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exclude = !line.startsWith('!');
      const pattern = (exclude ? line : line.slice(1)).trim().replace(/^\/+/, '').replace(/\/+$/, '');
      return { exclude, regexp: toRegExp(pattern) };
    });
  return (relativePath) => {
    const segments = relativePath.split('/');
    const candidates = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
    let included = true;
    for (const { exclude, regexp } of rules) {
      if (candidates.some((candidate) => regexp.test(candidate))) included = !exclude;
    }
    return included;
  };
}
