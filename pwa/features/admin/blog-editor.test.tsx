/**
 * The administrator's blog pages against a stubbed API: the list with status, a new draft (slug suggested from the
 * title, field errors from the server in the page's language), editing a version with the toolbar and the preview,
 * publishing and withdrawing, another language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminBlogListItem, AdminBlogPost } from '../../../shared/schemas/blogs';
import { json, LocationProbe, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import BlogEditorPage from './blog-editor-page';
import BlogsAdminPage from './blogs-page';
// The editor is a lazy chunk of the page: loaded here first, so the page's import of it is already resolved.
import './rich-text/rich-text-editor';

const NS = ['admin', 'common'] as const;

const post: AdminBlogPost = {
  id: 4,
  status: 'draft',
  publish_at: null,
  cover_asset_id: null,
  cover_url: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
  versions: [{ locale: 'en', slug: 'first-post', title: 'First post', excerpt: 'Short', body_html: '<p>Hello</p>', updated_at: '2026-11-01T08:00:00.000Z' }],
};

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};
beforeEach(() => {
  ({ calls, routes } = stubApi());
  routes['GET /api/admin/blogs/4'] = () => json(200, { data: post });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the list', () => {
  it('shows every post with its title, languages and status, in Slovenian', async () => {
    const items: AdminBlogListItem[] = [
      { ...post, status: 'published', publish_at: '2026-10-01T08:00:00.000Z', versions: [{ locale: 'sl', slug: 'prvi', title: 'Prvi prispevek' }, { locale: 'en', slug: 'first', title: 'First' }] },
      { ...post, id: 5, status: 'unpublished', versions: [{ locale: 'hr', slug: 'drugi', title: 'Drugi članak' }] },
    ];
    routes['GET /api/admin/blogs'] = () => json(200, { data: items });
    const { missing } = renderPage(<BlogsAdminPage />, { route: 'adminBlogs', locale: 'sl', ns: NS });
    const rows = await screen.findAllByTestId('blog-row');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Prvi prispevek' }).getAttribute('href')).toBe('/admin/blogi/4');
    expect(within(rows[0] as HTMLElement).getByText('Slovenščina, English')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Objavljeno')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Drugi članak')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Umaknjeno')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nova objava' }).getAttribute('href')).toBe('/admin/blogi/nov');
    expect(missing).toEqual([]);
  });
});

describe('a new post', () => {
  it('suggests the slug from the title, shows the server field errors, then creates the draft and opens it', async () => {
    routes['POST /api/admin/blogs'] = (c) =>
      (c.body as { excerpt: string }).excerpt
        ? json(201, { data: post })
        : json(422, { error: { code: 'validation-failed', message: 'Some of the data is not valid. Please check the marked fields.', details: [{ location: 'body', path: 'excerpt', code: 'too_small', message: 'This field is required.' }] } });
    const { missing } = renderPage(<BlogEditorPage />, { route: 'adminBlogNew', locale: 'en', ns: NS, after: <LocationProbe /> });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'hr' } });
    // Before a title is typed, the address shows a readable "…" where the slug goes (not "%E2%80%A6").
    expect(screen.getByText('Suggested from the title; lowercase letters without accents, digits and hyphens. The post’s address: /hr/blogs/…')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Kako povećati odaziv?' } });
    expect((screen.getByLabelText('URL slug') as HTMLInputElement).value).toBe('kako-povecati-odaziv');
    expect(screen.getByText(/The post’s address: \/hr\/blogs\/kako-povecati-odaziv/)).toBeTruthy();
    // The body's editor (its own chunk) is there, labelled; a new post's image button says images come after creating.
    expect(await screen.findByRole('textbox', { name: 'Text' })).toBeTruthy();
    // The toolbar acts once the editor has its state (its buttons say so: no aria-disabled).
    const imageButton = within(screen.getByRole('toolbar', { name: 'Formatting' })).getByRole('button', { name: 'Image' });
    await waitFor(() => expect(imageButton.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(imageButton);
    expect(await screen.findByText('Images can be added once the draft exists: create it first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create the draft' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByLabelText('Excerpt').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Some of the data is not valid.');

    fireEvent.change(screen.getByLabelText('Excerpt'), { target: { value: 'Short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the draft' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/en/admin/blogs/4?locale=hr'));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ locale: 'hr', slug: 'kako-povecati-odaziv', title: 'Kako povećati odaziv?', excerpt: 'Short', body_html: '' });
    expect(missing).toEqual([]);
  });
});

describe('editing a post', () => {
  it('the editor shows the stored body; the toolbar formats it; the preview shows the server-sanitised HTML; saving sends the editor HTML', async () => {
    routes['POST /api/admin/blogs/preview'] = () => json(200, { data: { body_html: '<h2>Hello</h2>' } });
    routes['PUT /api/admin/blogs/4/versions/en'] = (c) => json(200, { data: { ...post, versions: [{ ...post.versions[0], ...(c.body as object) }] } });
    renderPage(<BlogEditorPage />, { route: 'adminBlog', params: { id: '4' }, locale: 'en', ns: NS });
    const body = await screen.findByRole('textbox', { name: 'Text' });
    expect(body.innerHTML).toBe('<p>Hello</p>');
    expect(body.getAttribute('aria-multiline')).toBe('true');
    // An existing slug is not replaced by a new suggestion.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Renamed post' } });
    expect((screen.getByLabelText('URL slug') as HTMLInputElement).value).toBe('first-post');
    const toolbar = within(screen.getByRole('toolbar', { name: 'Formatting' }));
    expect(toolbar.getByRole('button', { name: 'Paragraph' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toolbar.getByRole('button', { name: 'Heading' }));
    expect(body.innerHTML).toBe('<h2>Hello</h2>');
    expect(toolbar.getByRole('button', { name: 'Heading' }).getAttribute('aria-pressed')).toBe('true');
    expect(toolbar.getByRole('button', { name: 'Paragraph' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('blog-preview');
    expect(within(preview).getByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/admin/blogs/preview')?.body).toEqual({ body_html: '<h2>Hello</h2>' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The version is saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ slug: 'first-post', title: 'Renamed post', excerpt: 'Short', body_html: '<h2>Hello</h2>' });
  });

  it('a link typed in the link form (Enter applies); an address that is not a link is refused in the page language', async () => {
    renderPage(<BlogEditorPage />, { route: 'adminBlog', params: { id: '4' }, locale: 'de', ns: NS });
    await screen.findByRole('textbox', { name: 'Text' });
    const toolbar = within(screen.getByRole('toolbar', { name: 'Formatierung' }));
    // The toolbar acts once the editor has its state (its buttons say so: no aria-disabled).
    const linkButton = toolbar.getByRole('button', { name: 'Link' });
    await waitFor(() => expect(linkButton.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(linkButton);
    const address = await screen.findByLabelText('Linkadresse');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    expect(screen.getByText('Das ist keine gültige Linkadresse. Geben Sie eine Webadresse, eine E-Mail-Adresse oder eine Seite dieser Website ein.')).toBeTruthy();
    fireEvent.change(address, { target: { value: 'ana@example.com' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Text' }).querySelector('a')?.getAttribute('href')).toBe('mailto:ana@example.com'));
    expect(screen.queryByLabelText('Linkadresse')).toBeNull();
  });

  it('publishes and withdraws, with the status shown', async () => {
    routes['POST /api/admin/blogs/4/publish'] = () => json(200, { data: { ...post, status: 'published', publish_at: '2026-11-02T08:00:00.000Z' } });
    routes['POST /api/admin/blogs/4/unpublish'] = () => json(200, { data: { ...post, status: 'unpublished', publish_at: '2026-11-02T08:00:00.000Z' } });
    renderPage(<BlogEditorPage />, { route: 'adminBlog', params: { id: '4' }, locale: 'en', ns: NS });
    const status = await screen.findByTestId('blog-status');
    expect(status.textContent).toBe('Draft');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The post is published.')).toBeTruthy();
    expect(screen.getByTestId('blog-status').textContent).toBe('Published');
    expect(screen.getByRole('link', { name: 'Open on the site' }).getAttribute('href')).toBe('/en/blogs/first-post');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The post is withdrawn and no longer public.')).toBeTruthy();
    expect(screen.getByTestId('blog-status').textContent).toBe('Withdrawn');
  });

  it('another language starts empty and is saved under its own locale', async () => {
    routes['PUT /api/admin/blogs/4/versions/de'] = () => json(200, { data: post });
    renderPage(<BlogEditorPage />, { route: 'adminBlog', params: { id: '4' }, locale: 'de', ns: NS });
    fireEvent.click(await screen.findByRole('button', { name: 'Deutsch (noch nicht geschrieben)' }));
    expect(screen.getByRole('heading', { name: 'Fassung: Deutsch' })).toBeTruthy();
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Größe zählt' } });
    expect((screen.getByLabelText('URL-Slug') as HTMLInputElement).value).toBe('grosse-zahlt');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/admin/blogs/4/versions/de')).toBe(true));
  });
});
