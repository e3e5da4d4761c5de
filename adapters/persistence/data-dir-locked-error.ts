export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is open in another process (pid ${pid}) that does not answer. Stop it, or set DATABASE_URL.`,
    );
  }
}
