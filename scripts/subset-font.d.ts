declare module 'subset-font' {
  /** Returns the font cut to the glyphs of `text`, in the format asked for. */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype' },
  ): Promise<Buffer>;
}
