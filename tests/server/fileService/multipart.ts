import { randomBytes } from 'node:crypto';

export interface FormPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string; 'content-length': string };
  boundary: string;
}

/** A multipart/form-data body, byte for byte as a browser sends it. */
export function multipartBody(
  parts: FormPart[],
  boundary = `----SpacesFormBoundary${randomBytes(8).toString('hex')}`,
): MultipartBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType || part.filename !== undefined) {
      head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    }
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    boundary,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}

/** The usual upload: one part named "file". */
export function fileForm(filename: string, data: Buffer | string, contentType?: string): MultipartBody {
  return multipartBody([{ name: 'file', filename, contentType, data }]);
}
