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
    findById(id: string): AssetBytes | undefined {
      return db.get<AssetBytes>('SELECT content_type, bytes, etag FROM assets WHERE id = ?', [id]);
    },
    findVariant(id: string, key: string): AssetBytes | undefined {
      return db.get<AssetBytes>('SELECT content_type, bytes, etag FROM asset_variants WHERE asset_id = ? AND key = ?', [id, key]);
    },
    insert(asset: { contentType: string; bytes: Buffer; id?: string }): string {
      const id = asset.id ?? randomUUID();
      db.run('INSERT INTO assets (id, content_type, bytes, etag, created_at) VALUES (?, ?, ?, ?, ?)', [
        id,
        asset.contentType,
        asset.bytes,
        etagOf(asset.bytes),
        new Date().toISOString(),
      ]);
      return id;
    },
    insertVariant(assetId: string, key: string, variant: { contentType: string; bytes: Buffer }): void {
      db.run('INSERT INTO asset_variants (asset_id, key, content_type, bytes, etag, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
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
