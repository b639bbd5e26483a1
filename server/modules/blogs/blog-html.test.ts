import { describe, expect, it } from 'vitest';
import { plainText, sanitizeBlogHtml } from './blog-html.js';

const ASSET = '/api/assets/123e4567-e89b-42d3-a456-426614174000';

describe('sanitizeBlogHtml', () => {
  it('keeps the allowed subset as written', () => {
    const html = '<h2>Title</h2><h3>Sub</h3><p><strong>b</strong> <em>i</em> <b>b</b> <i>i</i><br /></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote><p>q</p></blockquote>';
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it('removes scripts, styles, iframes and objects with their content', () => {
    const out = sanitizeBlogHtml('<p>a<script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.example"></iframe><object data="x"></object><svg><script>1</script></svg>b</p>');
    expect(out).toBe('<p>ab</p>');
  });

  it('removes event handlers and style attributes', () => {
    const out = sanitizeBlogHtml('<p onclick="steal()" style="position:fixed" class="x" id="y"><strong onmouseover="x()">t</strong></p>');
    expect(out).toBe('<p><strong>t</strong></p>');
  });

  it('keeps only http, https and mailto links, always with rel="noopener noreferrer"', () => {
    const out = sanitizeBlogHtml(
      '<p><a href="javascript:alert(1)">js</a><a href="JaVaScRiPt:alert(1)">js2</a><a href="data:text/html,x">d</a><a href="//evil.example/">p</a>' +
        '<a href="https://ok.example/" target="_blank" rel="opener">ok</a><a href="mailto:a@b.example" target="_top">m</a></p>',
    );
    expect(out).not.toMatch(/javascript|data:|evil\.example|_top|"opener"/i);
    expect(out).toContain('<a href="https://ok.example/" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(out).toContain('<a href="mailto:a@b.example" rel="noopener noreferrer">m</a>');
    expect(out).toContain('<a rel="noopener noreferrer">js</a>');
  });

  it('keeps images from the assets store only, without event attributes', () => {
    const out = sanitizeBlogHtml(
      `<p><img src="https://evil.example/x.png" alt="foreign"><img src="//evil.example/x.png"><img src="data:image/png;base64,AAAA"><img src="/api/assets/../../etc/passwd">` +
        `<img src="${ASSET}?key=dark" alt="Chart" onerror="alert(1)" width="640" height="abc"></p>`,
    );
    expect(out).toBe(`<p><img src="${ASSET}?key=dark" alt="Chart" width="640" loading="lazy" /></p>`);
  });

  it('drops tags outside the subset but keeps their text', () => {
    expect(sanitizeBlogHtml('<h1>Big</h1><div><span>in</span></div><table><tr><td>c</td></tr></table>')).toBe('Biginc');
  });

  it('is idempotent: what is stored is sanitised the same on output', () => {
    const once = sanitizeBlogHtml('<p>x<a href="https://a.example">a</a><img src="' + ASSET + '"></p>');
    expect(sanitizeBlogHtml(once)).toBe(once);
  });
});

describe('plainText', () => {
  it('keeps the text as written (no escaping, nothing removed) and collapses white space', () => {
    expect(plainText(' Q&A:\n  a < b, <b>Bold</b> &amp; "quotes" \t')).toBe('Q&A: a < b, <b>Bold</b> &amp; "quotes"');
  });
});
