/** The award's files: the certificate PDF and the badge SVG of print/, from what the service gathered. */
import { renderAwardBadge, renderAwardCertificate } from '../../../print/index.js';
import { FILE_TYPES } from '../../../shared/report-formats.js';
import type { RenderedFile } from '../../lib/files.js';
import type { AwardCertificateSource } from './award.service.js';

const baseName = (s: AwardCertificateSource) => `best-employer-${String(s.year)}-${s.kind === 'class' ? `place-${String(s.place)}` : s.kind.replaceAll('_', '-')}`;

export async function renderAwardCertificateFile(s: AwardCertificateSource, logo: { bytes: Uint8Array; type: 'png' | 'jpg' } | null): Promise<RenderedFile> {
  const body = await renderAwardCertificate({ language: s.language, year: s.year, companyName: s.companyName, kind: s.kind, place: s.place, sizeClass: s.sizeClass, logo, issuedOn: s.issuedOn });
  return { filename: `${baseName(s)}.pdf`, contentType: FILE_TYPES.pdf, body };
}

export function renderAwardBadgeFile(s: AwardCertificateSource): RenderedFile {
  const svg = renderAwardBadge({ language: s.language, year: s.year, kind: s.kind, place: s.place, sizeClass: s.sizeClass });
  return { filename: `${baseName(s)}.svg`, contentType: FILE_TYPES.svg, body: new TextEncoder().encode(svg) };
}
