import { ApiError, badRequest } from '../../lib/errors';
import { readCappedBody } from '../../lib/read-capped-body';

const tooLarge = (limitBytes: number) =>
  new ApiError(
    413,
    'payload_too_large',
    `The file is too large: the limit is ${limitBytes / 1024 / 1024} MB`,
  );

/** Multipart framing around one file: boundaries, part headers, a short text field or two. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A multipart form read with its body capped (see `readCappedBody`): 400 when the body is not
 * multipart/form-data, 413 when it is larger than `fileLimit` plus the framing of a few fields.
 */
export const readMultipartForm = async (
  request: Request,
  fileLimit: number,
  fileField = 'file',
): Promise<FormData> => {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest(`Send the file as multipart/form-data in a field named ${fileField}`);
  }
  const body = await readCappedBody(request, fileLimit + MULTIPART_OVERHEAD_BYTES, () => tooLarge(fileLimit));
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The upload is not valid multipart/form-data');
  }
};

/** The file in `form`'s `field`: 400 when it is missing, not a file or empty, 413 over `fileLimit`. */
export const fileFromForm = (form: FormData, field: string, fileLimit: number): File => {
  const file = form.get(field);
  if (!(file instanceof File)) throw badRequest(`${field}: Please choose a file to upload`);
  if (file.size === 0) throw badRequest(`${field}: The file is empty`);
  if (file.size > fileLimit) throw tooLarge(fileLimit);
  return file;
};

/**
 * The `file` field of a multipart upload: 400 when the body is not multipart or has no file,
 * 413 when the file (or the whole body) is larger than `fileLimit` bytes.
 */
export const readFileField = async (request: Request, fileLimit: number): Promise<File> =>
  fileFromForm(await readMultipartForm(request, fileLimit), 'file', fileLimit);
