import type { Generated } from 'kysely';

/** A stored file: an opaque id mapped to its content (sha256, content-addressed on disk) and metadata. */
export interface FileTable {
  id: string;
  sha256: string;
  original_name: string;
  ext: string;
  mime: string;
  size: number;
  /** 'internal' any logged-in user; 'private' owner, administrators and registered grants */
  scope: 'internal' | 'private';
  /** 'file' upload, 'avatar' user icon, 'app' app package */
  kind: string;
  owner: string;
  created_at: string;
  deleted_at: string | null;
}

/** A published mobile app (spec §3): id, qrCode, appUrl, isPublish. */
export interface AppPublishTable {
  id: Generated<number>;
  app_name: string;
  version: string | null;
  platform: string;
  qr_code: string | null;
  app_url: string | null;
  file_id: string | null;
  is_publish: 'Y' | 'N';
  remark: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface FileTables {
  sys_file: FileTable;
  app_publish: AppPublishTable;
}
