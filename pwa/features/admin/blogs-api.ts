/** The administrator's blog API (/api/admin/blogs), typed by the shared schemas. */
import type { UiLocale } from '../../../shared/locales';
import {
  adminBlogListItemSchema,
  adminBlogPostSchema,
  blogImageSchema,
  type AdminBlogCreate,
  type AdminBlogListItem,
  type AdminBlogPost,
  type BlogVersionInput,
} from '../../../shared/schemas/blogs';
import { api, getData } from '../../lib/api';

export type { AdminBlogListItem, AdminBlogPost, BlogVersionInput };

const base = '/api/admin/blogs';
const one = (id: number) => `${base}/${String(id)}`;

export function listBlogPosts(signal?: AbortSignal) {
  return getData(base, { signal, schema: adminBlogListItemSchema.array() });
}
export function getBlogPost(id: number, signal?: AbortSignal) {
  return getData(one(id), { signal, schema: adminBlogPostSchema });
}
export function createBlogPost(body: AdminBlogCreate) {
  return getData<AdminBlogPost>(base, { method: 'POST', body });
}
export function saveBlogVersion(id: number, locale: UiLocale, body: BlogVersionInput) {
  return getData<AdminBlogPost>(`${one(id)}/versions/${locale}`, { method: 'PUT', body });
}
export function deleteBlogVersion(id: number, locale: UiLocale) {
  return getData<AdminBlogPost>(`${one(id)}/versions/${locale}`, { method: 'DELETE' });
}
export function setBlogPublishAt(id: number, publishAt: string | null) {
  return getData<AdminBlogPost>(one(id), { method: 'PUT', body: { publish_at: publishAt } });
}
export function setBlogPublished(id: number, publish: boolean) {
  return getData<AdminBlogPost>(`${one(id)}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST' });
}
export function uploadBlogCover(id: number, file: Blob) {
  return getData<AdminBlogPost>(`${one(id)}/cover`, { method: 'PUT', body: file });
}
/** An image for a post's text: stored (bounded as covers are), answered as what the body shows. */
export function uploadBlogImage(id: number, file: Blob) {
  return getData(`${one(id)}/images`, { method: 'POST', body: file, schema: blogImageSchema });
}
export function deleteBlogCover(id: number) {
  return getData<AdminBlogPost>(`${one(id)}/cover`, { method: 'DELETE' });
}
export function deleteBlogPost(id: number) {
  return api(one(id), { method: 'DELETE' });
}
export async function previewBlogBody(bodyHtml: string): Promise<string> {
  return (await getData<{ body_html: string }>(`${base}/preview`, { method: 'POST', body: { body_html: bodyHtml } })).body_html;
}
