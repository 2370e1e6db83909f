import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A file received into the store's temporary folder, not yet a package's. */
export interface ReceivedFile {
  tempPath: string;
  sizeBytes: number;
  sha256: string;
  /** More bytes came than `maxBytes`: the file holds none past the limit and is to be thrown away. */
  tooLarge: boolean;
}

/**
 * The bytes of software packages on disk (under DATA_DIR/packages), named by their sha256:
 * `<dir>/<first two hex digits>/<sha256>`. A file arrives in `<dir>/tmp` under a random name while
 * it is hashed and counted, and is moved to its name only once it is whole and its row is
 * committed (software-packages.service.ts): a broken or refused upload leaves nothing behind but
 * a temporary file that is removed, and a content file is never seen half-written. Rename is
 * atomic within one file system, which the temporary folder shares with the files.
 */
export const createPackageStore = (dir: string) => {
  const tempDir = join(dir, "tmp");
  const pathOf = (sha256: string) => join(dir, sha256.slice(0, 2), sha256);

  return {
    pathOf,

    /**
     * Writes `source` to a temporary file, hashing and counting it. Past `maxBytes` the rest is
     * read and dropped (not written), so the client's upload ends and it gets its answer.
     */
    async receive(source: Readable, maxBytes: number): Promise<ReceivedFile> {
      await mkdir(tempDir, { recursive: true });
      const tempPath = join(tempDir, `${randomUUID()}.part`);
      const hash = createHash("sha256");
      let sizeBytes = 0;
      let tooLarge = false;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length;
          if (tooLarge || sizeBytes > maxBytes) {
            tooLarge = true;
            done();
            return;
          }
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, counter, createWriteStream(tempPath, { flags: "wx" }));
      } catch (error) {
        await rm(tempPath, { force: true });
        // The multipart parser's own cap (just past the largest kind's limit) ends the stream with an error.
        if (tooLarge) return { tempPath, sizeBytes, sha256: "", tooLarge };
        throw error;
      }
      return { tempPath, sizeBytes, sha256: hash.digest("hex"), tooLarge };
    },

    /** Drops a received file that is not to be kept. */
    async discard(file: ReceivedFile): Promise<void> {
      await rm(file.tempPath, { force: true });
    },

    /**
     * Gives a received file its content name. Another package with the same bytes may have the
     * name already: the rename replaces identical bytes, atomically, so a reader never sees a gap.
     */
    async keep(file: ReceivedFile): Promise<void> {
      const target = pathOf(file.sha256);
      await mkdir(join(dir, file.sha256.slice(0, 2)), { recursive: true });
      await rename(file.tempPath, target);
    },

    /** Removes a content file no package names any more. */
    async remove(sha256: string): Promise<void> {
      await rm(pathOf(sha256), { force: true });
    },

    /** The file of `sha256` to stream, with its size; null when it is not there. */
    async open(sha256: string): Promise<{ stream: Readable; sizeBytes: number } | null> {
      const path = pathOf(sha256);
      try {
        const info = await stat(path);
        return { stream: createReadStream(path), sizeBytes: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
};

export type PackageStore = ReturnType<typeof createPackageStore>;
