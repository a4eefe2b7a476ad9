import { ApiError } from './errors';

/**
 * Reads a request body of at most `maxBytes`, whether it has a Content-Length or comes chunked (as
 * ffmpeg sends it): stops reading and throws `tooLarge()` (a 413) as soon as the cap is passed, so
 * neither a false Content-Length nor a chunked body can make the worker buffer more than that.
 */
export const readCappedBody = async (
  request: Request,
  maxBytes: number,
  tooLarge = () => new ApiError(413, 'payload_too_large', `Upload is larger than ${maxBytes} bytes`),
): Promise<Uint8Array> => {
  if (Number(request.headers.get('Content-Length') ?? Number.NaN) > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
};
