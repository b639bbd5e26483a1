/** A small helper of the blog editor: a slug suggested from a title. */

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
