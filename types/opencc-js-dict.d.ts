// opencc-js exports its dictionaries (`./*` in its package.json) without type declarations: each
// is one string of `key value…` entries separated by `|`.
declare module "opencc-js/dict/STCharacters" {
  const dict: string;
  export default dict;
}

declare module "opencc-js/dict/TSCharacters" {
  const dict: string;
  export default dict;
}
