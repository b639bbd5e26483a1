import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.js';

export interface AssetBytes {
  content_type: string;
  bytes: Buffer;
  etag: string;
}

/** A strong ETag from the content: "sha256-<first 32 hex>". */
export function etagOf(bytes: Buffer): string {
  return `"sha256-${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
}

export function createAssetsRepo(db: Db) {
  return {
    async findById(id: string): Promise<AssetBytes | undefined> {
      return await db.get<AssetBytes>('SELECT content_type, bytes, etag FROM assets WHERE id = ?', [id]);
    },
    async findVariant(id: string, key: string): Promise<AssetBytes | undefined> {
      return await db.get<AssetBytes>('SELECT content_type, bytes, etag FROM asset_variants WHERE asset_id = ? AND key = ?', [id, key]);
    },
    async insert(asset: { contentType: string; bytes: Buffer; id?: string }): Promise<string> {
      const id = asset.id ?? randomUUID();
      await db.run('INSERT INTO assets (id, content_type, bytes, etag, created_at) VALUES (?, ?, ?, ?, ?)', [
        id,
        asset.contentType,
        asset.bytes,
        etagOf(asset.bytes),
        new Date().toISOString(),
      ]);
      return id;
    },
    async insertVariant(assetId: string, key: string, variant: { contentType: string; bytes: Buffer }): Promise<void> {
      await db.run('INSERT INTO asset_variants (asset_id, key, content_type, bytes, etag, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        assetId,
        key,
        variant.contentType,
        variant.bytes,
        etagOf(variant.bytes),
        new Date().toISOString(),
      ]);
    },
  };
}
export type AssetsRepo = ReturnType<typeof createAssetsRepo>;
