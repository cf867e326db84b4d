import packageJson from "../../package.json";

/** The product's version, as the help page shows it and help requests carry it. */
export const PRODUCT_VERSION: string = packageJson.version;
