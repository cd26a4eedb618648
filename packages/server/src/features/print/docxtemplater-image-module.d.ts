/** The free image module of docxtemplater (@slosarek/docxtemplater-image-module-free) ships no types. */
declare module '@slosarek/docxtemplater-image-module-free' {
  interface ImageModuleOptions {
    centered?: boolean;
    /** the image's bytes for a tag's value */
    getImage(tagValue: string, tagName: string): Buffer;
    /** [width, height] in pixels */
    getSize(img: Buffer, tagValue: string, tagName: string): [number, number];
  }
  export default class ImageModule {
    constructor(options: ImageModuleOptions);
  }
}
