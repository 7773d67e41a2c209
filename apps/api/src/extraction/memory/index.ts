/**
 * Learning from reviews (DESIGN §14): a document's layout fingerprint, the places values sit in
 * it, where a reviewed value was found (teaching) and answers from remembered places (recall).
 */
export { type LayoutFingerprint, layoutFingerprint } from './fingerprint';
export { type Place, placeKey } from './places';
export {
  hintExamples,
  type RememberedHint,
  recallAnswers,
  type SourceHint,
  type StoredReading,
  storedReadings,
  teachingPlace,
} from './recall';
