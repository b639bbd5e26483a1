/**
 * The one rounding rule of every figure the product shows (web, PDF, Excel, mails, the benchmark, the award and the
 * public winners pages): half away from zero at a number of decimals, on the decimal value the figure stands for.
 *
 * - Half away from zero: 17.85 → 17.9, −17.85 → −17.9, 0.125 → 0.13, −0.125 → −0.13 (Math.round would give −17.8 and
 *   −0.12: it rounds halves towards +∞).
 * - Robust to binary floating point: 1.005 is stored as 1.00499999999999989…, and a mean summed in floating point
 *   can land a few units in the last place beside the half. The value is first taken at 12 significant digits (far
 *   finer than any figure's decimals and far coarser than the arithmetic's error), then shifted by decimal exponent
 *   (no multiplication by 10^d, which would add its own error), rounded, and shifted back.
 * - −0 becomes 0; non-finite values come back unchanged.
 *
 * Formatting (decimal comma, signs, %) happens after this, on the rounded value: pwa/lib/number-format.ts and
 * print/templates/report-common.ts round through this function before Intl.NumberFormat.
 */

/** `value` rounded to `decimals` (0..15), half away from zero. */
export function roundHalfAwayFromZero(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) return value;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) throw new RangeError(`decimals must be an integer 0..15, not ${String(decimals)}`);
  const abs = Math.abs(value);
  if (abs === 0) return 0;
  const [mantissa, exponent] = shift(Number(abs.toPrecision(12)), decimals);
  const scaled = Number(`${mantissa}e${String(exponent)}`);
  const rounded = Math.floor(scaled + 0.5);
  const back = Number(`${String(rounded)}e${String(-decimals)}`);
  return back === 0 ? 0 : value < 0 ? -back : back;
}

/** The decimal mantissa and exponent of `v` × 10^by, written so Number() reads it exactly as a decimal. */
function shift(v: number, by: number): [string, number] {
  const [m = '0', e = '0'] = String(v).split('e');
  return [m, Number(e) + by];
}

/** num ÷ den rounded to `decimals`, half away from zero; null when den is 0. */
export function roundedRatio(num: number, den: number, decimals: number): number | null {
  if (den === 0) return null;
  return roundHalfAwayFromZero(num / den, decimals);
}
