/** A file that cannot be read as what its format says (a broken zip, an unclosed quote). */
export class UnreadableFileError extends Error {
  name = "UnreadableFileError";
}
