// How keyed values read on the entry screens (keying grid, review, differences).
import { inputKind, isBlank, isText, type EntryItem, type ItemValue } from './keying';

export const NS = 'paper-entry';

/** How a keyed value reads on screen: the printed number (options 1-based), '–' for 'no answer on paper'. */
export function showValue(item: EntryItem, v: ItemValue | undefined): string {
  if (v === undefined) return '';
  if (isBlank(v)) return '–';
  if (isText(v)) return v.text;
  const k = inputKind(item);
  const options = k.kind === 'digits' && k.options;
  if (Array.isArray(v)) return v.map((i) => String(i + 1)).join(', ');
  return String(options ? v + 1 : v);
}

/** Whether option i (0-based, printed i + 1) is the keyed value: statements store 1-4, option lists the index. */
export function optionOn(item: EntryItem, v: ItemValue | undefined, i: number): boolean {
  if (Array.isArray(v)) return v.includes(i);
  return item.kind === 'statement' ? v === i + 1 : v === i;
}

export function keyHint(item: EntryItem, t: (k: string, o?: Record<string, unknown>) => string): string {
  const k = inputKind(item);
  if (k.kind === 'text') return item.required ? `${t('keys.text')} · ${t('keys.blankText')}` : t('keys.text');
  if (k.kind === 'multi') return t('keys.multi', { max: k.count });
  if (item.kind === 'statement') return t('keys.statement');
  const base = k.options ? t('keys.option', { max: k.max }) : t('keys.number', { min: k.min, max: k.max });
  return `${base} · ${item.required ? t('keys.blankRequired') : t('keys.blankOptional')}`;
}

export function groupItems(items: EntryItem[]): { key: string; items: { item: EntryItem; index: number }[] }[] {
  const out: { key: string; items: { item: EntryItem; index: number }[] }[] = [];
  items.forEach((item, index) => {
    const key = item.kind === 'statement' ? 'statements' : item.kind === 'enps' || item.kind === 'esi' ? 'scores' : item.kind === 'extra' || item.kind === 'comment' || item.kind === 'praise_critique' ? 'extra' : 'about';
    const last = out[out.length - 1];
    if (last?.key === key) last.items.push({ item, index });
    else out.push({ key, items: [{ item, index }] });
  });
  return out;
}
