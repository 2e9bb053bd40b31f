// A unified diff (git's, or a unit's source_diff) as lines styled by their first character; each
// line's direction is its own (dir="auto"), since Arabic and English lines mix.
import { useI18n } from '../i18n';

export function lineKind(line: string): 'add' | 'del' | 'hunk' | 'meta' | 'context' {
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff ') || line.startsWith('index ') || line.startsWith('new file') || line.startsWith('deleted file') || line.startsWith('similarity') || line.startsWith('rename ')) return 'meta';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return 'context';
}

export function DiffView({ diff, label }: { diff: string; label?: string }) {
  const { lang } = useI18n();
  const lines = diff.replace(/\n$/, '').split('\n');
  const marks = lang === 'ar' ? { add: 'أُضيف', del: 'حُذف' } : { add: 'added', del: 'removed' };
  return (
    <div className="diff" role="group" aria-label={label} dir="ltr" tabIndex={0}>
      {lines.map((line, i) => {
        const kind = lineKind(line);
        const sign = kind === 'add' || kind === 'del' ? line.charAt(0) : '';
        const text = sign ? line.slice(1) : line;
        return (
          <div key={i} className={`diff-line diff-${kind}`}>
            <span className="diff-sign" aria-hidden="true">
              {sign || ' '}
            </span>
            {(kind === 'add' || kind === 'del') && <span className="visually-hidden">{marks[kind]}: </span>}
            <span className="diff-text" dir="auto">
              {text || '\u00a0'}
            </span>
          </div>
        );
      })}
    </div>
  );
}
