// Its own file: the registry imports every screen, so the screens cannot import their props from it.

/** Props every dynamic screen receives. */
export interface ScreenProps {
  /** The page's action codes (`simCare:add` ...). */
  readonly power: readonly string[];
}
