import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { AWARD_SIZE_CLASS_BOUNDS } from '../../shared/award.js';
import { png } from '../../server/test/images.js';
import { pdfText as readPdfText } from '../pdf-text.js';
import { CERTIFICATE_PAGE, renderAwardCertificate, type AwardCertificateInput } from './award-certificate.js';

const dir = mkdtempSync(path.join(tmpdir(), 'izz-award-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function save(bytes: Uint8Array): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** The certificate's text, runs of white space made single spaces (wrapped lines join up again). */
const pdfText = (bytes: Uint8Array) => readPdfText(bytes, { joinLines: true });

/** Every word pdftotext finds, with its box (points, origin top left). */
function words(bytes: Uint8Array): { text: string; xMin: number; xMax: number; yMin: number; yMax: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', save(bytes), '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: m[5]!,
  }));
}

const images = (bytes: Uint8Array) => execFileSync('pdfimages', ['-list', save(bytes)], { encoding: 'utf8' }).trim().split('\n').slice(2);

const base: AwardCertificateInput = { language: 'en', year: 2026, companyName: 'Acme Manufacturing Ltd', kind: 'class', place: 1, sizeClass: 'medium', issuedOn: '2027-01-15' };
const medium = AWARD_SIZE_CLASS_BOUNDS.medium;

describe('award certificate', () => {
  it('is one A4 landscape page with the award, the company, the place in its size class and the issue date (en)', async () => {
    const bytes = await renderAwardCertificate(base);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    expect(CERTIFICATE_PAGE.width).toBeGreaterThan(CERTIFICATE_PAGE.height);
    expect(doc.getTitle()).toBe('Best Employer 2026 – Acme Manufacturing Ltd');
    const text = pdfText(bytes);
    expect(text).toContain('CERTIFICATE');
    expect(text).toContain('Best Employer 2026');
    expect(text).toContain('awarded to Acme Manufacturing Ltd');
    // The size class's bounds are the award's constants, not words of the texts.
    expect(text).toContain(`1st place — medium-sized companies (${medium.minEmployees}–${medium.maxEmployees} employees)`);
    expect(text).toContain('the 2026 employee satisfaction survey (IZZ)');
    expect(text).toContain('15.01.2027 Date of issue');
  });

  it('words every place and size class (en, large without an upper bound)', async () => {
    expect(pdfText(await renderAwardCertificate({ ...base, place: 2, sizeClass: 'small' }))).toContain('2nd place — small companies (20–50 employees)');
    expect(pdfText(await renderAwardCertificate({ ...base, place: 3, sizeClass: 'large' }))).toContain(`3rd place — large companies (${AWARD_SIZE_CLASS_BOUNDS.large.minEmployees} employees or more)`);
  });

  it('prints Slovenian with č š ž, the place as "2. mesto" and the date DD.MM.YYYY', async () => {
    const text = pdfText(await renderAwardCertificate({ ...base, language: 'sl', companyName: 'Tovarna Čevljev Žiri d.o.o.', place: 2, sizeClass: 'small', issuedOn: '2027-02-03' }));
    expect(text).toContain('PRIZNANJE Najboljši zaposlovalec 2026');
    expect(text).toContain('prejme Tovarna Čevljev Žiri d.o.o.');
    expect(text).toContain('2. mesto – mala podjetja (od 20 do 50 zaposlenih)');
    expect(text).toContain('v letu 2026');
    expect(text).toContain('03.02.2027 Datum izdaje');
  });

  it('prints a special category (en, sl)', async () => {
    expect(pdfText(await renderAwardCertificate({ ...base, kind: 'highest_enps', sizeClass: null }))).toContain('Special award: highest eNPS');
    expect(pdfText(await renderAwardCertificate({ ...base, kind: 'highest_occupancy', sizeClass: null }))).toContain('Special award: highest response rate');
    const sl = pdfText(await renderAwardCertificate({ ...base, language: 'sl', kind: 'most_improved_esi', sizeClass: null }));
    expect(sl).toContain('Posebno priznanje: največji napredek ESI');
    expect(sl).not.toContain('mesto');
  });

  it('prints Macedonian in Cyrillic', async () => {
    const mk = pdfText(await renderAwardCertificate({ ...base, language: 'mk', companyName: 'Фабрика Ѓорѓија ДООЕЛ', kind: 'highest_enps', sizeClass: null }));
    expect(mk).toContain('ПРИЗНАНИЕ Најдобар работодавач 2026');
    expect(mk).toContain('го добива Фабрика Ѓорѓија ДООЕЛ');
    expect(mk).toContain('Посебна награда: највисок eNPS');
    expect(mk).toContain('Датум на издавање');
    const mkClass = pdfText(await renderAwardCertificate({ ...base, language: 'mk', companyName: 'Фабрика', place: 1, sizeClass: 'large' }));
    expect(mkClass).toContain('1-во место – големи компании (251 или повеќе вработени)');
  });

  it('wraps and shrinks a very long company name and keeps every word inside the frame', async () => {
    const long = 'Gesellschaft für Qualitätssicherung und Weiterentwicklung in der Metall- und Elektroindustrie Süddeutschlands mit beschränkter Haftung & Co. Kommanditgesellschaft Niederlassung Ost und Nord';
    expect(long.length).toBeGreaterThan(180);
    const bytes = await renderAwardCertificate({ ...base, language: 'de', companyName: long, place: 3, sizeClass: 'large' });
    expect(pdfText(bytes)).toContain(long);
    expect(pdfText(bytes)).toContain('3. Platz – große Unternehmen (251 Beschäftigte oder mehr)');
    for (const w of words(bytes)) {
      expect(w.xMin, w.text).toBeGreaterThan(40);
      expect(w.xMax, w.text).toBeLessThan(CERTIFICATE_PAGE.width - 40);
      expect(w.yMin, w.text).toBeGreaterThan(30);
      expect(w.yMax, w.text).toBeLessThan(CERTIFICATE_PAGE.height - 30);
    }
    // A name of one endless word is broken, not pushed off the page.
    const word = 'Ž'.repeat(150);
    const broken = await renderAwardCertificate({ ...base, companyName: word });
    expect(pdfText(broken).replace(/ /g, '')).toContain(word.slice(0, 40));
    for (const w of words(broken)) expect(w.xMax, w.text).toBeLessThan(CERTIFICATE_PAGE.width - 40);
  });

  it('shows the logo when given, and still renders without one or with a broken one', async () => {
    const withLogo = await renderAwardCertificate({ ...base, logo: { bytes: new Uint8Array(png(300, 100)), type: 'png' } });
    expect(images(withLogo)).toHaveLength(1);
    expect(images(await renderAwardCertificate(base))).toHaveLength(0);
    expect(images(await renderAwardCertificate({ ...base, logo: null }))).toHaveLength(0);
    const broken = await renderAwardCertificate({ ...base, logo: { bytes: new Uint8Array([1, 2, 3]), type: 'jpg' } });
    expect(images(broken)).toHaveLength(0);
    expect(pdfText(broken)).toContain('Acme Manufacturing Ltd');
  });

  it('refuses invalid input', async () => {
    await expect(renderAwardCertificate({ ...base, companyName: '  ' })).rejects.toThrow();
    await expect(renderAwardCertificate({ ...base, issuedOn: 'soon' })).rejects.toThrow();
    await expect(renderAwardCertificate({ ...base, place: 0 })).rejects.toThrow();
  });
});
