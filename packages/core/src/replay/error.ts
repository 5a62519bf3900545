/**
 * Why a recording cannot be replayed: a file that is not a recording, was cut short or changed,
 * was made by another build of the game, or a replay whose state stopped matching the one
 * recorded. Thrown instead of letting a replay run on and diverge quietly.
 */
export class RecordingError extends Error {
  override name = 'RecordingError';
}
