/** Small helpers of the blog editor: a slug suggested from a title, and the toolbar's insertions. */

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ѓ: 'gj', е: 'e', ж: 'z', з: 'z', ѕ: 'dz', и: 'i', ј: 'j', к: 'k', л: 'l', љ: 'lj', м: 'm', н: 'n',
  њ: 'nj', о: 'o', п: 'p', р: 'r', с: 's', т: 't', ќ: 'kj', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'c', џ: 'dz', ш: 's', ђ: 'dj', ћ: 'c',
};

/** 'Kako povečati odzivnost?' -> 'kako-povecati-odzivnost' (accents dropped, Cyrillic transliterated, at most 120 characters). */
export function suggestSlug(title: string): string {
  const lower = title.toLowerCase().replace(/đ/g, 'dj').replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/œ/g, 'oe');
  const latin = Array.from(lower, (c) => CYRILLIC[c] ?? c).join('');
  return latin
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/g, '');
}

export const BLOG_TOOLS = ['p', 'h2', 'h3', 'strong', 'em', 'ul', 'ol', 'blockquote', 'a'] as const;
export type BlogTool = (typeof BLOG_TOOLS)[number];

/** What a tool puts around the selection: [before, after]; a list wraps each selected line in <li>. */
export function applyTool(tool: BlogTool, text: string, start: number, end: number): { text: string; selectionStart: number; selectionEnd: number } {
  const selected = text.slice(start, end);
  let inner = selected;
  let before: string;
  let after: string;
  if (tool === 'ul' || tool === 'ol') {
    const lines = (selected || '').split('\n').filter((l) => l.trim() !== '');
    inner = (lines.length > 0 ? lines : ['']).map((l) => `  <li>${l.trim()}</li>`).join('\n');
    before = `<${tool}>\n`;
    after = `\n</${tool}>`;
  } else if (tool === 'a') {
    before = '<a href="https://">';
    after = '</a>';
  } else if (tool === 'blockquote') {
    before = '<blockquote><p>';
    after = '</p></blockquote>';
  } else {
    before = `<${tool}>`;
    after = `</${tool}>`;
  }
  const next = text.slice(0, start) + before + inner + after + text.slice(end);
  return { text: next, selectionStart: start + before.length, selectionEnd: start + before.length + inner.length };
}
