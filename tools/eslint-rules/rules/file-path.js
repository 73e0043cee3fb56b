// The linted file's path with forward slashes, so rules match `services/<name>/src/...` on any OS.
module.exports.filePathOf = (context) => (context.filename ?? context.getFilename()).replace(/\\/g, '/');

/** True when `path` is one of `files` (each given relative to the repository root). */
module.exports.isOneOf = (path, files) => files.some((file) => path === file || path.endsWith(`/${file}`));
