import type { Envelope, TestApp } from "./test-app.ts";

const UPLOAD = "/hmt-web/himit-checker/software-packages/upload";

/** A multipart body as the web's upload helper sends it: common data, then the fields, then the file. */
export const multipart = (
  fields: Record<string, string>,
  file: { name: string; content: Buffer } | null,
  fieldsAfterFile = false,
) => {
  const boundary = "----vrf-package-boundary";
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const fieldParts = [field("languageId", "1"), ...Object.entries(fields).map(([k, v]) => field(k, v))];
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.content,
        Buffer.from("\r\n"),
      ]
    : [];
  const parts = fieldsAfterFile ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

/** Uploads a package as the web does; the envelope as it came. */
export const uploadPackage = async (
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer },
) => {
  const { body, contentType } = multipart(fields, file);
  const response = await t.app.inject({
    method: "POST",
    url: UPLOAD,
    payload: body,
    headers: { "content-type": contentType, authorization: `Bearer ${token}` },
  });
  return response.json() as Envelope<{ id: string; sha256: string; sizeBytes: number; version: string }>;
};
