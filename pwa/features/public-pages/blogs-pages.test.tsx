/** The public blog against a stubbed API: cards with cover, title, date and excerpt, paging, the empty state, a post and its 404. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BlogCard, BlogList, BlogPost } from '../../../shared/schemas/blogs';
import { json, LocationProbe, renderPage, stubApi } from '../../test/render';
import BlogsPage from './blogs-page';
import BlogPostPage from './blog-post-page';

const NS = ['pages', 'common'] as const;

function card(id: number, patch: Partial<BlogCard> = {}): BlogCard {
  return {
    id,
    locale: 'en',
    slug: `post-${String(id)}`,
    title: `Post ${String(id)}`,
    excerpt: `Excerpt ${String(id)}`,
    cover_url: `/api/assets/00000000-0000-4000-8000-00000000000${String(id)}`,
    published_at: '2026-10-15T08:00:00.000Z',
    ...patch,
  };
}
const list = (items: BlogCard[], page = 1, total_pages = 1): BlogList => ({ items, page, page_size: 6, total: items.length + (total_pages - 1) * 6, total_pages });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the list of posts', () => {
  it('shows cards with cover, linked title, date and excerpt, asked for in the page language', async () => {
    const api = stubApi({ 'GET /api/blogs': () => json(200, { data: list([card(1), card(2, { cover_url: null })]) }) });
    const { missing } = renderPage(<BlogsPage />, { route: 'blogs', locale: 'en', ns: NS });
    const cards = await screen.findAllByTestId('blog-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Post 1' }).getAttribute('href')).toBe('/en/blogs/post-1');
    expect(first.getByText('Published 15.10.2026')).toBeTruthy();
    expect(first.getByText('Excerpt 1')).toBeTruthy();
    expect((cards[0] as HTMLElement).querySelector('img')?.getAttribute('src')).toBe('/api/assets/00000000-0000-4000-8000-000000000001');
    expect((cards[1] as HTMLElement).querySelector('img')).toBeNull();
    expect(api.calls[0]?.query.get('locale')).toBe('en');
    expect(api.calls[0]?.query.get('page')).toBe('1');
    expect(screen.queryByRole('navigation', { name: 'Pages of posts' })).toBeNull();
    expect(missing).toEqual([]);
  });

  // A language without posts of its own shows the others' posts, each marked with its language.
  it.each([
    ['de', 'Auf Englisch', 'Auf Kroatisch', 'Beiträge, die noch nicht ins Deutsche übersetzt sind'],
    ['mk', 'На англиски', 'На хрватски', 'Објавите што сè уште не се преведени на македонски'],
  ] as const)('in %s, posts in other languages carry their lang, a visible language label and a link to their own language', async (locale, en, hr, note) => {
    stubApi({ 'GET /api/blogs': () => json(200, { data: list([card(1, { locale: 'en' }), card(2, { locale: 'hr', slug: 'objava-2' }), card(3, { locale })]) }) });
    const { missing } = renderPage(<BlogsPage />, { route: 'blogs', locale, ns: NS });
    const cards = await screen.findAllByTestId('blog-card');
    expect(screen.getByText(new RegExp(note))).toBeTruthy();
    const first = cards[0] as HTMLElement;
    expect(within(first).getByTestId('blog-card-language').textContent).toBe(en);
    expect(first.querySelector('h2')?.getAttribute('lang')).toBe('en');
    expect(within(first).getByText('Excerpt 1').getAttribute('lang')).toBe('en');
    const link = within(first).getByRole('link', { name: 'Post 1' });
    expect(link.getAttribute('href')).toBe('/en/blogs/post-1');
    expect(link.getAttribute('hreflang')).toBe('en');
    expect(within(cards[1] as HTMLElement).getByTestId('blog-card-language').textContent).toBe(hr);
    expect(within(cards[1] as HTMLElement).getByRole('link', { name: 'Post 2' }).getAttribute('href')).toBe('/hr/blogs/objava-2');
    // A post in the page's own language: no label, no lang of its own.
    expect(within(cards[2] as HTMLElement).queryByTestId('blog-card-language')).toBeNull();
    expect((cards[2] as HTMLElement).querySelector('h2')?.hasAttribute('lang')).toBe(false);
    expect(missing).toEqual([]);
  });

  it('pages through older posts with ?page=, in Slovenian', async () => {
    const api = stubApi({ 'GET /api/blogs': (c) => json(200, { data: c.query.get('page') === '2' ? list([card(7)], 2, 2) : list([card(1), card(2)], 1, 2) }) });
    renderPage(<BlogsPage />, { route: 'blogs', locale: 'sl', ns: NS, after: <LocationProbe /> });
    const nav = await screen.findByRole('navigation', { name: 'Strani objav' });
    expect(within(nav).getByText('Stran 1 od 2')).toBeTruthy();
    expect(within(nav).getByText(/Novejše objave/).closest('[aria-disabled="true"]')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: /Starejše objave/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/blogi?page=2'));
    expect(await screen.findByRole('link', { name: 'Post 7' })).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('page')).toBe('2');
    expect(api.calls.at(-1)?.query.get('locale')).toBe('sl');
  });

  it('keeps the empty state for a language without posts', async () => {
    stubApi({ 'GET /api/blogs': () => json(200, { data: { items: [], page: 1, page_size: 6, total: 0, total_pages: 0 } }) });
    renderPage(<BlogsPage />, { route: 'blogs', locale: 'de', ns: NS });
    expect(await screen.findByRole('heading', { name: 'Noch keine Blogbeiträge' })).toBeTruthy();
  });
});

const post: BlogPost = {
  ...card(3, { locale: 'hr', slug: 'sto-vam-govori-enps', title: 'Što vam govori eNPS, a što ne' }),
  body_html: '<h2>Kako se izračunava</h2><p>Tekst <a href="https://example.com/" rel="noopener noreferrer">poveznica</a></p>',
  translations: [{ locale: 'sl', slug: 'kaj-vam-pove-enps' }],
};

describe('a post', () => {
  it('shows the title, date, cover, the sanitised body, its other languages and the way back', async () => {
    const api = stubApi({ 'GET /api/blogs/hr/sto-vam-govori-enps': () => json(200, { data: post }) });
    renderPage(<BlogPostPage />, { route: 'blogPost', locale: 'hr', params: { slug: 'sto-vam-govori-enps' }, ns: NS });
    expect(await screen.findByRole('heading', { level: 1, name: 'Što vam govori eNPS, a što ne' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Kako se izračunava' })).toBeTruthy();
    expect(screen.getByText('Objavljeno 15.10.2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'poveznica' }).getAttribute('rel')).toBe('noopener noreferrer');
    const languages = screen.getByRole('navigation', { name: 'Ova objava na drugim jezicima' });
    expect(within(languages).getByRole('link', { name: 'Slovenščina' }).getAttribute('href')).toBe('/blogi/kaj-vam-pove-enps');
    expect(screen.getByRole('link', { name: /Sve objave/ }).getAttribute('href')).toBe('/hr/blogs');
    expect(api.calls).toHaveLength(1);
  });

  it('an unknown slug is the 404 page, in English and Slovenian', async () => {
    stubApi({ '*': () => json(404, { error: { code: 'not-found', message: 'The requested item was not found.' } }) });
    renderPage(<BlogPostPage />, { route: 'blogPost', locale: 'en', params: { slug: 'no-such-post' }, ns: NS });
    const notFound = await screen.findByTestId('not-found');
    expect(within(notFound).getByRole('heading', { name: 'This post is not available' })).toBeTruthy();
    expect(within(notFound).getByRole('link', { name: 'All blog posts' }).getAttribute('href')).toBe('/en/blogs');
    cleanup();
    renderPage(<BlogPostPage />, { route: 'blogPost', locale: 'sl', params: { slug: 'ni-je' }, ns: NS });
    expect(await screen.findByRole('heading', { name: 'Ta objava ni na voljo' })).toBeTruthy();
  });
});
