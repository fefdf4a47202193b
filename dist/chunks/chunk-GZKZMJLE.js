import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  DEFAULT_BOUNDS,
  InputError,
  NON_FINITE,
  RetriesExhaustedError,
  __commonJS,
  __toESM,
  buildPoints,
  canConvert,
  caseName,
  clean,
  context,
  convertUnit,
  debug,
  decodeText,
  describeValue,
  editDistance,
  extraText,
  getOctokit,
  group,
  inOneUnit,
  info,
  isolate,
  largest,
  lazyValidator,
  levels,
  mean,
  median,
  medianAbsoluteDeviation,
  nameProblem,
  normaliseText,
  noteText,
  parseUnit,
  pointProblem,
  pointerToPath,
  quantileSorted,
  quantity,
  retryWithBackoff,
  schemaErrorLine,
  seconds,
  setOutput,
  shortNumber,
  signedPercent,
  sleepMs,
  sorted,
  sortedScratch,
  spread,
  sumNthPowerDeviations,
  textScale,
  valueAtPointer,
  valueWithBand,
  visible,
  warning
} from "./chunk-OMCQPCND.js";

// node_modules/picomatch/lib/constants.js
var require_constants = __commonJS({
  "node_modules/picomatch/lib/constants.js"(exports, module) {
    "use strict";
    var WIN_SLASH = "\\\\/";
    var WIN_NO_SLASH = `[^${WIN_SLASH}]`;
    var DEFAULT_MAX_EXTGLOB_RECURSION = 0;
    var DOT_LITERAL = "\\.";
    var PLUS_LITERAL = "\\+";
    var QMARK_LITERAL = "\\?";
    var SLASH_LITERAL = "\\/";
    var ONE_CHAR = "(?=.)";
    var QMARK = "[^/]";
    var END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
    var START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
    var DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
    var NO_DOT = `(?!${DOT_LITERAL})`;
    var NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
    var NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
    var NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
    var QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
    var STAR = `${QMARK}*?`;
    var SEP = "/";
    var POSIX_CHARS = {
      DOT_LITERAL,
      PLUS_LITERAL,
      QMARK_LITERAL,
      SLASH_LITERAL,
      ONE_CHAR,
      QMARK,
      END_ANCHOR,
      DOTS_SLASH,
      NO_DOT,
      NO_DOTS,
      NO_DOT_SLASH,
      NO_DOTS_SLASH,
      QMARK_NO_DOT,
      STAR,
      START_ANCHOR,
      SEP
    };
    var WINDOWS_CHARS = {
      ...POSIX_CHARS,
      SLASH_LITERAL: `[${WIN_SLASH}]`,
      QMARK: WIN_NO_SLASH,
      STAR: `${WIN_NO_SLASH}*?`,
      DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
      NO_DOT: `(?!${DOT_LITERAL})`,
      NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
      NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
      START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
      END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
      SEP: "\\"
    };
    var POSIX_REGEX_SOURCE = {
      __proto__: null,
      alnum: "a-zA-Z0-9",
      alpha: "a-zA-Z",
      ascii: "\\x00-\\x7F",
      blank: " \\t",
      cntrl: "\\x00-\\x1F\\x7F",
      digit: "0-9",
      graph: "\\x21-\\x7E",
      lower: "a-z",
      print: "\\x20-\\x7E ",
      punct: "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~",
      space: " \\t\\r\\n\\v\\f",
      upper: "A-Z",
      word: "A-Za-z0-9_",
      xdigit: "A-Fa-f0-9"
    };
    module.exports = {
      DEFAULT_MAX_EXTGLOB_RECURSION,
      MAX_LENGTH: 1024 * 64,
      POSIX_REGEX_SOURCE,
      // regular expressions
      REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
      REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
      REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
      REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
      REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
      REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,
      // Replace globs with equivalent patterns to reduce parsing time.
      REPLACEMENTS: {
        __proto__: null,
        "***": "*",
        "**/**": "**",
        "**/**/**": "**"
      },
      // Digits
      CHAR_0: 48,
      /* 0 */
      CHAR_9: 57,
      /* 9 */
      // Alphabet chars.
      CHAR_UPPERCASE_A: 65,
      /* A */
      CHAR_LOWERCASE_A: 97,
      /* a */
      CHAR_UPPERCASE_Z: 90,
      /* Z */
      CHAR_LOWERCASE_Z: 122,
      /* z */
      CHAR_LEFT_PARENTHESES: 40,
      /* ( */
      CHAR_RIGHT_PARENTHESES: 41,
      /* ) */
      CHAR_ASTERISK: 42,
      /* * */
      // Non-alphabetic chars.
      CHAR_AMPERSAND: 38,
      /* & */
      CHAR_AT: 64,
      /* @ */
      CHAR_BACKWARD_SLASH: 92,
      /* \ */
      CHAR_CARRIAGE_RETURN: 13,
      /* \r */
      CHAR_CIRCUMFLEX_ACCENT: 94,
      /* ^ */
      CHAR_COLON: 58,
      /* : */
      CHAR_COMMA: 44,
      /* , */
      CHAR_DOT: 46,
      /* . */
      CHAR_DOUBLE_QUOTE: 34,
      /* " */
      CHAR_EQUAL: 61,
      /* = */
      CHAR_EXCLAMATION_MARK: 33,
      /* ! */
      CHAR_FORM_FEED: 12,
      /* \f */
      CHAR_FORWARD_SLASH: 47,
      /* / */
      CHAR_GRAVE_ACCENT: 96,
      /* ` */
      CHAR_HASH: 35,
      /* # */
      CHAR_HYPHEN_MINUS: 45,
      /* - */
      CHAR_LEFT_ANGLE_BRACKET: 60,
      /* < */
      CHAR_LEFT_CURLY_BRACE: 123,
      /* { */
      CHAR_LEFT_SQUARE_BRACKET: 91,
      /* [ */
      CHAR_LINE_FEED: 10,
      /* \n */
      CHAR_NO_BREAK_SPACE: 160,
      /* \u00A0 */
      CHAR_PERCENT: 37,
      /* % */
      CHAR_PLUS: 43,
      /* + */
      CHAR_QUESTION_MARK: 63,
      /* ? */
      CHAR_RIGHT_ANGLE_BRACKET: 62,
      /* > */
      CHAR_RIGHT_CURLY_BRACE: 125,
      /* } */
      CHAR_RIGHT_SQUARE_BRACKET: 93,
      /* ] */
      CHAR_SEMICOLON: 59,
      /* ; */
      CHAR_SINGLE_QUOTE: 39,
      /* ' */
      CHAR_SPACE: 32,
      /*   */
      CHAR_TAB: 9,
      /* \t */
      CHAR_UNDERSCORE: 95,
      /* _ */
      CHAR_VERTICAL_LINE: 124,
      /* | */
      CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279,
      /* \uFEFF */
      /**
       * Create EXTGLOB_CHARS
       */
      extglobChars(chars) {
        return {
          "!": { type: "negate", open: "(?:(?!(?:", close: `))${chars.STAR})` },
          "?": { type: "qmark", open: "(?:", close: ")?" },
          "+": { type: "plus", open: "(?:", close: ")+" },
          "*": { type: "star", open: "(?:", close: ")*" },
          "@": { type: "at", open: "(?:", close: ")" }
        };
      },
      /**
       * Create GLOB_CHARS
       */
      globChars(win32) {
        return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
      }
    };
  }
});

// node_modules/picomatch/lib/utils.js
var require_utils = __commonJS({
  "node_modules/picomatch/lib/utils.js"(exports) {
    "use strict";
    var {
      REGEX_BACKSLASH,
      REGEX_REMOVE_BACKSLASH,
      REGEX_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_GLOBAL
    } = require_constants();
    exports.isObject = (val) => val !== null && typeof val === "object" && !Array.isArray(val);
    exports.hasRegexChars = (str3) => REGEX_SPECIAL_CHARS.test(str3);
    exports.isRegexChar = (str3) => str3.length === 1 && exports.hasRegexChars(str3);
    exports.escapeRegex = (str3) => str3.replace(REGEX_SPECIAL_CHARS_GLOBAL, "\\$1");
    exports.toPosixSlashes = (str3) => str3.replace(REGEX_BACKSLASH, "/");
    exports.isWindows = () => {
      if (typeof navigator !== "undefined" && navigator.platform) {
        const platform = navigator.platform.toLowerCase();
        return platform === "win32" || platform === "windows";
      }
      if (typeof process !== "undefined" && process.platform) {
        return process.platform === "win32";
      }
      return false;
    };
    exports.removeBackslashes = (str3) => {
      return str3.replace(REGEX_REMOVE_BACKSLASH, (match) => {
        return match === "\\" ? "" : match;
      });
    };
    exports.escapeLast = (input, char, lastIdx) => {
      const idx = input.lastIndexOf(char, lastIdx);
      if (idx === -1) return input;
      if (input[idx - 1] === "\\") return exports.escapeLast(input, char, idx - 1);
      return `${input.slice(0, idx)}\\${input.slice(idx)}`;
    };
    exports.removePrefix = (input, state = {}) => {
      let output = input;
      if (output.startsWith("./")) {
        output = output.slice(2);
        state.prefix = "./";
      }
      return output;
    };
    exports.wrapOutput = (input, state = {}, options = {}) => {
      const prepend = options.contains ? "" : "^";
      const append2 = options.contains ? "" : "$";
      let output = `${prepend}(?:${input})${append2}`;
      if (state.negated === true) {
        output = `(?:^(?!${output}).*$)`;
      }
      return output;
    };
    exports.basename = (path, { windows } = {}) => {
      const segs = path.split(windows ? /[\\/]/ : "/");
      const last = segs[segs.length - 1];
      if (last === "") {
        return segs[segs.length - 2];
      }
      return last;
    };
  }
});

// node_modules/picomatch/lib/scan.js
var require_scan = __commonJS({
  "node_modules/picomatch/lib/scan.js"(exports, module) {
    "use strict";
    var utils = require_utils();
    var {
      CHAR_ASTERISK,
      /* * */
      CHAR_AT,
      /* @ */
      CHAR_BACKWARD_SLASH,
      /* \ */
      CHAR_COMMA,
      /* , */
      CHAR_DOT,
      /* . */
      CHAR_EXCLAMATION_MARK,
      /* ! */
      CHAR_FORWARD_SLASH,
      /* / */
      CHAR_LEFT_CURLY_BRACE,
      /* { */
      CHAR_LEFT_PARENTHESES,
      /* ( */
      CHAR_LEFT_SQUARE_BRACKET,
      /* [ */
      CHAR_PLUS,
      /* + */
      CHAR_QUESTION_MARK,
      /* ? */
      CHAR_RIGHT_CURLY_BRACE,
      /* } */
      CHAR_RIGHT_PARENTHESES,
      /* ) */
      CHAR_RIGHT_SQUARE_BRACKET
      /* ] */
    } = require_constants();
    var isPathSeparator = (code) => {
      return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
    };
    var depth = (token) => {
      if (token.isPrefix !== true) {
        token.depth = token.isGlobstar ? Infinity : 1;
      }
    };
    var scan = (input, options) => {
      const opts = options || {};
      const length = input.length - 1;
      const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
      const slashes = [];
      const tokens = [];
      const parts = [];
      let str3 = input;
      let index = -1;
      let start = 0;
      let lastIndex = 0;
      let isBrace = false;
      let isBracket = false;
      let isGlob = false;
      let isExtglob = false;
      let isGlobstar = false;
      let braceEscaped = false;
      let backslashes = false;
      let negated = false;
      let negatedExtglob = false;
      let finished = false;
      let braces = 0;
      let prev;
      let code;
      let token = { value: "", depth: 0, isGlob: false };
      const eos = () => index >= length;
      const peek = () => str3.charCodeAt(index + 1);
      const advance2 = () => {
        prev = code;
        return str3.charCodeAt(++index);
      };
      while (index < length) {
        code = advance2();
        let next;
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          code = advance2();
          if (code === CHAR_LEFT_CURLY_BRACE) {
            braceEscaped = true;
          }
          continue;
        }
        if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          while (eos() !== true && (code = advance2())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance2();
              continue;
            }
            if (code === CHAR_LEFT_CURLY_BRACE) {
              braces++;
              continue;
            }
            if (braceEscaped !== true && code === CHAR_DOT && (code = advance2()) === CHAR_DOT) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (braceEscaped !== true && code === CHAR_COMMA) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (code === CHAR_RIGHT_CURLY_BRACE) {
              braces--;
              if (braces === 0) {
                braceEscaped = false;
                isBrace = token.isBrace = true;
                finished = true;
                break;
              }
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_FORWARD_SLASH) {
          slashes.push(index);
          tokens.push(token);
          token = { value: "", depth: 0, isGlob: false };
          if (finished === true) continue;
          if (prev === CHAR_DOT && index === start + 1) {
            start += 2;
            continue;
          }
          lastIndex = index + 1;
          continue;
        }
        if (opts.noext !== true) {
          const isExtglobChar = code === CHAR_PLUS || code === CHAR_AT || code === CHAR_ASTERISK || code === CHAR_QUESTION_MARK || code === CHAR_EXCLAMATION_MARK;
          if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
            isGlob = token.isGlob = true;
            isExtglob = token.isExtglob = true;
            finished = true;
            if (code === CHAR_EXCLAMATION_MARK && index === start) {
              negatedExtglob = true;
            }
            if (scanToEnd === true) {
              let parens = 0;
              while (eos() !== true && (code = advance2())) {
                if (code === CHAR_BACKWARD_SLASH) {
                  backslashes = token.backslashes = true;
                  advance2();
                  continue;
                }
                if (code === CHAR_LEFT_PARENTHESES) {
                  parens++;
                  continue;
                }
                if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                  finished = true;
                  break;
                }
              }
              continue;
            }
            break;
          }
        }
        if (code === CHAR_ASTERISK) {
          if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_QUESTION_MARK) {
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_LEFT_SQUARE_BRACKET) {
          while (eos() !== true && (next = advance2())) {
            if (next === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance2();
              continue;
            }
            if (next === CHAR_RIGHT_SQUARE_BRACKET) {
              isBracket = token.isBracket = true;
              isGlob = token.isGlob = true;
              finished = true;
              break;
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start) {
          negated = token.negated = true;
          start++;
          continue;
        }
        if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
          isGlob = token.isGlob = true;
          if (scanToEnd === true) {
            let parens = 1;
            while (eos() !== true && (code = advance2())) {
              if (code === CHAR_BACKWARD_SLASH) {
                backslashes = token.backslashes = true;
                advance2();
                continue;
              }
              if (code === CHAR_LEFT_PARENTHESES) {
                parens++;
                continue;
              }
              if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                finished = true;
                break;
              }
            }
            continue;
          }
          break;
        }
        if (isGlob === true) {
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
      }
      if (opts.noext === true) {
        isExtglob = false;
        isGlob = false;
      }
      let base = str3;
      let prefix = "";
      let glob2 = "";
      if (start > 0) {
        prefix = str3.slice(0, start);
        str3 = str3.slice(start);
        lastIndex -= start;
      }
      if (base && isGlob === true && lastIndex > 0) {
        base = str3.slice(0, lastIndex);
        glob2 = str3.slice(lastIndex);
      } else if (isGlob === true) {
        base = "";
        glob2 = str3;
      } else {
        base = str3;
      }
      if (base && base !== "" && base !== "/" && base !== str3) {
        if (isPathSeparator(base.charCodeAt(base.length - 1))) {
          base = base.slice(0, -1);
        }
      }
      if (opts.unescape === true) {
        if (glob2) glob2 = utils.removeBackslashes(glob2);
        if (base && backslashes === true) {
          base = utils.removeBackslashes(base);
        }
      }
      const state = {
        prefix,
        input,
        start,
        base,
        glob: glob2,
        isBrace,
        isBracket,
        isGlob,
        isExtglob,
        isGlobstar,
        negated,
        negatedExtglob
      };
      if (opts.tokens === true) {
        state.maxDepth = 0;
        if (!isPathSeparator(code)) {
          tokens.push(token);
        }
        state.tokens = tokens;
      }
      if (opts.parts === true || opts.tokens === true) {
        let prevIndex;
        for (let idx = 0; idx < slashes.length; idx++) {
          const n2 = prevIndex !== void 0 ? prevIndex + 1 : start;
          const i = slashes[idx];
          const value2 = input.slice(n2, i);
          if (opts.tokens) {
            if (idx === 0 && start !== 0) {
              tokens[idx].isPrefix = true;
              tokens[idx].value = prefix;
            } else {
              tokens[idx].value = value2;
            }
            depth(tokens[idx]);
            state.maxDepth += tokens[idx].depth;
          }
          if (i >= start) {
            parts.push(value2);
            prevIndex = i;
          }
        }
        const n = prevIndex !== void 0 ? prevIndex + 1 : start;
        const value = input.slice(n);
        parts.push(value);
        if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
          tokens[tokens.length - 1].value = value;
          depth(tokens[tokens.length - 1]);
          state.maxDepth += tokens[tokens.length - 1].depth;
        }
        state.slashes = slashes;
        state.parts = parts;
      }
      return state;
    };
    module.exports = scan;
  }
});

// node_modules/picomatch/lib/parse.js
var require_parse = __commonJS({
  "node_modules/picomatch/lib/parse.js"(exports, module) {
    "use strict";
    var constants2 = require_constants();
    var utils = require_utils();
    var {
      MAX_LENGTH,
      POSIX_REGEX_SOURCE,
      REGEX_NON_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_BACKREF,
      REPLACEMENTS
    } = constants2;
    var expandRange = (args, options) => {
      if (typeof options.expandRange === "function") {
        return options.expandRange(...args, options);
      }
      args.sort();
      const value = `[${args.join("-")}]`;
      try {
        new RegExp(value);
      } catch (ex) {
        return args.map((v) => utils.escapeRegex(v)).join("..");
      }
      return value;
    };
    var syntaxError = (type, char) => {
      return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
    };
    var splitTopLevel = (input) => {
      const parts = [];
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let value = "";
      let escaped = false;
      for (const ch of input) {
        if (escaped === true) {
          value += ch;
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          value += ch;
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          value += ch;
          continue;
        }
        if (quote === 0) {
          if (ch === "[") {
            bracket++;
          } else if (ch === "]" && bracket > 0) {
            bracket--;
          } else if (bracket === 0) {
            if (ch === "(") {
              paren++;
            } else if (ch === ")" && paren > 0) {
              paren--;
            } else if (ch === "|" && paren === 0) {
              parts.push(value);
              value = "";
              continue;
            }
          }
        }
        value += ch;
      }
      parts.push(value);
      return parts;
    };
    var isPlainBranch = (branch) => {
      let escaped = false;
      for (const ch of branch) {
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (/[?*+@!()[\]{}]/.test(ch)) {
          return false;
        }
      }
      return true;
    };
    var normalizeSimpleBranch = (branch) => {
      let value = branch.trim();
      let changed = true;
      while (changed === true) {
        changed = false;
        if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
          value = value.slice(2, -1);
          changed = true;
        }
      }
      if (!isPlainBranch(value)) {
        return;
      }
      return value.replace(/\\(.)/g, "$1");
    };
    var hasRepeatedCharPrefixOverlap = (branches) => {
      const values = branches.map(normalizeSimpleBranch).filter(Boolean);
      for (let i = 0; i < values.length; i++) {
        for (let j = i + 1; j < values.length; j++) {
          const a = values[i];
          const b = values[j];
          const char = a[0];
          if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
            continue;
          }
          if (a === b || a.startsWith(b) || b.startsWith(a)) {
            return true;
          }
        }
      }
      return false;
    };
    var parseRepeatedExtglob = (pattern, requireEnd = true) => {
      if (pattern[0] !== "+" && pattern[0] !== "*" || pattern[1] !== "(") {
        return;
      }
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let escaped = false;
      for (let i = 1; i < pattern.length; i++) {
        const ch = pattern[i];
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          continue;
        }
        if (quote === 1) {
          continue;
        }
        if (ch === "[") {
          bracket++;
          continue;
        }
        if (ch === "]" && bracket > 0) {
          bracket--;
          continue;
        }
        if (bracket > 0) {
          continue;
        }
        if (ch === "(") {
          paren++;
          continue;
        }
        if (ch === ")") {
          paren--;
          if (paren === 0) {
            if (requireEnd === true && i !== pattern.length - 1) {
              return;
            }
            return {
              type: pattern[0],
              body: pattern.slice(2, i),
              end: i
            };
          }
        }
      }
    };
    var buildCharClassStar = (chars) => {
      const source = chars.length === 1 ? utils.escapeRegex(chars[0]) : `[${chars.map((ch) => utils.escapeRegex(ch)).join("")}]`;
      return `${source}*`;
    };
    var getStarExtglobSequenceChars = (pattern) => {
      let index = 0;
      const chars = [];
      while (index < pattern.length) {
        const match = parseRepeatedExtglob(pattern.slice(index), false);
        if (!match || match.type !== "*") {
          return;
        }
        const branches = splitTopLevel(match.body).map((branch2) => branch2.trim());
        if (branches.length !== 1) {
          return;
        }
        const branch = normalizeSimpleBranch(branches[0]);
        if (!branch || branch.length !== 1) {
          return;
        }
        chars.push(branch);
        index += match.end + 1;
      }
      if (chars.length < 1) {
        return;
      }
      return chars;
    };
    var repeatedExtglobRecursion = (pattern) => {
      let depth = 0;
      let value = pattern.trim();
      let match = parseRepeatedExtglob(value);
      while (match) {
        depth++;
        value = match.body.trim();
        match = parseRepeatedExtglob(value);
      }
      return depth;
    };
    var analyzeRepeatedExtglob = (body, options) => {
      if (options.maxExtglobRecursion === false) {
        return { risky: false };
      }
      const max = typeof options.maxExtglobRecursion === "number" ? options.maxExtglobRecursion : constants2.DEFAULT_MAX_EXTGLOB_RECURSION;
      const branches = splitTopLevel(body).map((branch) => branch.trim());
      if (branches.length > 1) {
        if (branches.some((branch) => branch === "") || branches.some((branch) => /^[*?]+$/.test(branch)) || hasRepeatedCharPrefixOverlap(branches)) {
          return { risky: true };
        }
      }
      const safeChars = [];
      let sawStarSequence = false;
      let combinable = true;
      for (const branch of branches) {
        const chars = getStarExtglobSequenceChars(branch);
        if (chars) {
          sawStarSequence = true;
          safeChars.push(...chars);
          continue;
        }
        const literal = normalizeSimpleBranch(branch);
        if (literal && literal.length === 1) {
          safeChars.push(literal);
          continue;
        }
        combinable = false;
        if (repeatedExtglobRecursion(branch) > max) {
          return { risky: true };
        }
      }
      if (sawStarSequence) {
        return combinable ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) } : { risky: true };
      }
      return { risky: false };
    };
    var parse2 = (input, options) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected a string");
      }
      input = REPLACEMENTS[input] || input;
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      let len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      const bos = { type: "bos", value: "", output: opts.prepend || "" };
      const tokens = [bos];
      const capture = opts.capture ? "" : "?:";
      const PLATFORM_CHARS = constants2.globChars(opts.windows);
      const EXTGLOB_CHARS = constants2.extglobChars(PLATFORM_CHARS);
      const {
        DOT_LITERAL,
        PLUS_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOT_SLASH,
        NO_DOTS_SLASH,
        QMARK,
        QMARK_NO_DOT,
        STAR,
        START_ANCHOR
      } = PLATFORM_CHARS;
      const globstar = (opts2) => {
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const nodot = opts.dot ? "" : NO_DOT;
      const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
      let star = opts.bash === true ? globstar(opts) : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      if (typeof opts.noext === "boolean") {
        opts.noextglob = opts.noext;
      }
      const state = {
        input,
        index: -1,
        start: 0,
        dot: opts.dot === true,
        consumed: "",
        output: "",
        prefix: "",
        backtrack: false,
        negated: false,
        brackets: 0,
        braces: 0,
        parens: 0,
        quotes: 0,
        globstar: false,
        tokens
      };
      input = utils.removePrefix(input, state);
      len = input.length;
      const extglobs = [];
      const braces = [];
      const stack = [];
      let prev = bos;
      let value;
      const eos = () => state.index === len - 1;
      const peek = state.peek = (n = 1) => input[state.index + n];
      const advance2 = state.advance = () => input[++state.index] || "";
      const remaining = () => input.slice(state.index + 1);
      const consume = (value2 = "", num = 0) => {
        state.consumed += value2;
        state.index += num;
      };
      const append2 = (token) => {
        state.output += token.output != null ? token.output : token.value;
        consume(token.value);
      };
      const negate = () => {
        let count = 1;
        while (peek() === "!" && (peek(2) !== "(" || peek(3) === "?")) {
          advance2();
          state.start++;
          count++;
        }
        if (count % 2 === 0) {
          return false;
        }
        state.negated = true;
        state.start++;
        return true;
      };
      const increment = (type) => {
        state[type]++;
        stack.push(type);
      };
      const decrement = (type) => {
        state[type]--;
        stack.pop();
      };
      const push = (tok) => {
        if (prev.type === "globstar") {
          const isBrace = state.braces > 0 && (tok.type === "comma" || tok.type === "brace");
          const isExtglob = tok.extglob === true || extglobs.length && (tok.type === "pipe" || tok.type === "paren");
          if (tok.type !== "slash" && tok.type !== "paren" && !isBrace && !isExtglob) {
            state.output = state.output.slice(0, -prev.output.length);
            prev.type = "star";
            prev.value = "*";
            prev.output = star;
            state.output += prev.output;
          }
        }
        if (extglobs.length && tok.type !== "paren") {
          extglobs[extglobs.length - 1].inner += tok.value;
        }
        if (tok.value || tok.output) append2(tok);
        if (prev && prev.type === "text" && tok.type === "text") {
          prev.output = (prev.output || prev.value) + tok.value;
          prev.value += tok.value;
          return;
        }
        tok.prev = prev;
        tokens.push(tok);
        prev = tok;
      };
      const extglobOpen = (type, value2) => {
        const token = { ...EXTGLOB_CHARS[value2], conditions: 1, inner: "" };
        token.prev = prev;
        token.parens = state.parens;
        token.output = state.output;
        token.startIndex = state.index;
        token.tokensIndex = tokens.length;
        const output = (opts.capture ? "(" : "") + token.open;
        increment("parens");
        push({ type, value: value2, output: state.output ? "" : ONE_CHAR });
        push({ type: "paren", extglob: true, value: advance2(), output });
        extglobs.push(token);
      };
      const extglobClose = (token) => {
        const literal = input.slice(token.startIndex, state.index + 1);
        const body = input.slice(token.startIndex + 2, state.index);
        const analysis = analyzeRepeatedExtglob(body, opts);
        if ((token.type === "plus" || token.type === "star") && analysis.risky) {
          const safeOutput = analysis.safeOutput ? (token.output ? "" : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput) : void 0;
          const open2 = tokens[token.tokensIndex];
          open2.type = "text";
          open2.value = literal;
          open2.output = safeOutput || utils.escapeRegex(literal);
          for (let i = token.tokensIndex + 1; i < tokens.length; i++) {
            tokens[i].value = "";
            tokens[i].output = "";
            delete tokens[i].suffix;
          }
          state.output = token.output + open2.output;
          state.backtrack = true;
          push({ type: "paren", extglob: true, value, output: "" });
          decrement("parens");
          return;
        }
        let output = token.close + (opts.capture ? ")" : "");
        let rest;
        if (token.type === "negate") {
          let extglobStar = star;
          if (token.inner && token.inner.length > 1 && token.inner.includes("/")) {
            extglobStar = globstar(opts);
          }
          if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
            output = token.close = `)$))${extglobStar}`;
          }
          if (token.inner.includes("*") && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
            const expression = parse2(rest, { ...options, fastpaths: false }).output;
            output = token.close = `)${expression})${extglobStar})`;
          }
          if (token.prev.type === "bos") {
            state.negatedExtglob = true;
          }
        }
        push({ type: "paren", extglob: true, value, output });
        decrement("parens");
      };
      if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
        let backslashes = false;
        let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first, rest, index) => {
          if (first === "\\") {
            backslashes = true;
            return m;
          }
          if (first === "?") {
            if (esc) {
              return esc + first + (rest ? QMARK.repeat(rest.length) : "");
            }
            if (index === 0) {
              return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : "");
            }
            return QMARK.repeat(chars.length);
          }
          if (first === ".") {
            return DOT_LITERAL.repeat(chars.length);
          }
          if (first === "*") {
            if (esc) {
              return esc + first + (rest ? star : "");
            }
            return star;
          }
          return esc ? m : `\\${m}`;
        });
        if (backslashes === true) {
          if (opts.unescape === true) {
            output = output.replace(/\\/g, "");
          } else {
            output = output.replace(/\\+/g, (m) => {
              return m.length % 2 === 0 ? "\\\\" : m ? "\\" : "";
            });
          }
        }
        if (output === input && opts.contains === true) {
          state.output = input;
          return state;
        }
        state.output = utils.wrapOutput(output, state, options);
        return state;
      }
      while (!eos()) {
        value = advance2();
        if (value === "\0") {
          continue;
        }
        if (value === "\\") {
          const next = peek();
          if (next === "/" && opts.bash !== true) {
            continue;
          }
          if (next === "." || next === ";") {
            continue;
          }
          if (!next) {
            value += "\\";
            push({ type: "text", value });
            continue;
          }
          const match = /^\\+/.exec(remaining());
          let slashes = 0;
          if (match && match[0].length > 2) {
            slashes = match[0].length;
            state.index += slashes;
            if (slashes % 2 !== 0) {
              value += "\\";
            }
          }
          if (opts.unescape === true) {
            value = advance2();
          } else {
            value += advance2();
          }
          if (state.brackets === 0) {
            push({ type: "text", value });
            continue;
          }
        }
        if (state.brackets > 0 && (value !== "]" || prev.value === "[" || prev.value === "[^")) {
          if (opts.posix !== false && value === ":") {
            const inner = prev.value.slice(1);
            if (inner.includes("[")) {
              prev.posix = true;
              if (inner.includes(":")) {
                const idx = prev.value.lastIndexOf("[");
                const pre = prev.value.slice(0, idx);
                const rest2 = prev.value.slice(idx + 2);
                const posix4 = POSIX_REGEX_SOURCE[rest2];
                if (posix4) {
                  prev.value = pre + posix4;
                  state.backtrack = true;
                  advance2();
                  if (!bos.output && tokens.indexOf(prev) === 1) {
                    bos.output = ONE_CHAR;
                  }
                  continue;
                }
              }
            }
          }
          if (value === "[" && peek() !== ":" || value === "-" && peek() === "]") {
            value = `\\${value}`;
          }
          if (value === "]" && (prev.value === "[" || prev.value === "[^")) {
            value = `\\${value}`;
          }
          if (opts.posix === true && value === "!" && prev.value === "[") {
            value = "^";
          }
          prev.value += value;
          append2({ value });
          continue;
        }
        if (state.quotes === 1 && value !== '"') {
          value = utils.escapeRegex(value);
          prev.value += value;
          append2({ value });
          continue;
        }
        if (value === '"') {
          state.quotes = state.quotes === 1 ? 0 : 1;
          if (opts.keepQuotes === true) {
            push({ type: "text", value });
          }
          continue;
        }
        if (value === "(") {
          increment("parens");
          push({ type: "paren", value });
          continue;
        }
        if (value === ")") {
          if (state.parens === 0 && opts.strictBrackets === true) {
            throw new SyntaxError(syntaxError("opening", "("));
          }
          const extglob = extglobs[extglobs.length - 1];
          if (extglob && state.parens === extglob.parens + 1) {
            extglobClose(extglobs.pop());
            continue;
          }
          push({ type: "paren", value, output: state.parens ? ")" : "\\)" });
          decrement("parens");
          continue;
        }
        if (value === "[") {
          if (opts.nobracket === true || !remaining().includes("]")) {
            if (opts.nobracket !== true && opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("closing", "]"));
            }
            value = `\\${value}`;
          } else {
            increment("brackets");
          }
          push({ type: "bracket", value });
          continue;
        }
        if (value === "]") {
          if (opts.nobracket === true || prev && prev.type === "bracket" && prev.value.length === 1) {
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          if (state.brackets === 0) {
            if (opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("opening", "["));
            }
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          decrement("brackets");
          const prevValue = prev.value.slice(1);
          if (prev.posix !== true && prevValue[0] === "^" && !prevValue.includes("/")) {
            value = `/${value}`;
          }
          prev.value += value;
          append2({ value });
          if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
            continue;
          }
          const escaped = utils.escapeRegex(prev.value);
          state.output = state.output.slice(0, -prev.value.length);
          if (opts.literalBrackets === true) {
            state.output += escaped;
            prev.value = escaped;
            continue;
          }
          prev.value = `(${capture}${escaped}|${prev.value})`;
          state.output += prev.value;
          continue;
        }
        if (value === "{" && opts.nobrace !== true) {
          increment("braces");
          const open2 = {
            type: "brace",
            value,
            output: "(",
            outputIndex: state.output.length,
            tokensIndex: state.tokens.length
          };
          braces.push(open2);
          push(open2);
          continue;
        }
        if (value === "}") {
          const brace = braces[braces.length - 1];
          if (opts.nobrace === true || !brace) {
            push({ type: "text", value, output: value });
            continue;
          }
          let output = ")";
          if (brace.dots === true) {
            const arr = tokens.slice();
            const range = [];
            for (let i = arr.length - 1; i >= 0; i--) {
              tokens.pop();
              if (arr[i].type === "brace") {
                break;
              }
              if (arr[i].type !== "dots") {
                range.unshift(arr[i].value);
              }
            }
            output = expandRange(range, opts);
            state.backtrack = true;
          }
          if (brace.comma !== true && brace.dots !== true) {
            const out = state.output.slice(0, brace.outputIndex);
            const toks = state.tokens.slice(brace.tokensIndex);
            brace.value = brace.output = "\\{";
            value = output = "\\}";
            state.output = out;
            for (const t of toks) {
              state.output += t.output || t.value;
            }
          }
          push({ type: "brace", value, output });
          decrement("braces");
          braces.pop();
          continue;
        }
        if (value === "|") {
          if (extglobs.length > 0) {
            extglobs[extglobs.length - 1].conditions++;
          }
          push({ type: "text", value });
          continue;
        }
        if (value === ",") {
          let output = value;
          const brace = braces[braces.length - 1];
          if (brace && stack[stack.length - 1] === "braces") {
            brace.comma = true;
            output = "|";
          }
          push({ type: "comma", value, output });
          continue;
        }
        if (value === "/") {
          if (prev.type === "dot" && state.index === state.start + 1) {
            state.start = state.index + 1;
            state.consumed = "";
            state.output = "";
            tokens.pop();
            prev = bos;
            continue;
          }
          push({ type: "slash", value, output: SLASH_LITERAL });
          continue;
        }
        if (value === ".") {
          if (state.braces > 0 && prev.type === "dot") {
            if (prev.value === ".") prev.output = DOT_LITERAL;
            const brace = braces[braces.length - 1];
            prev.type = "dots";
            prev.output += value;
            prev.value += value;
            brace.dots = true;
            continue;
          }
          if (state.braces + state.parens === 0 && prev.type !== "bos" && prev.type !== "slash") {
            push({ type: "text", value, output: DOT_LITERAL });
            continue;
          }
          push({ type: "dot", value, output: DOT_LITERAL });
          continue;
        }
        if (value === "?") {
          const isGroup = prev && prev.value === "(";
          if (!isGroup && opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("qmark", value);
            continue;
          }
          if (prev && prev.type === "paren") {
            const next = peek();
            let output = value;
            if (prev.value === "(" && !/[!=<:]/.test(next) || next === "<" && !/<([!=]|\w+>)/.test(remaining())) {
              output = `\\${value}`;
            }
            push({ type: "text", value, output });
            continue;
          }
          if (opts.dot !== true && (prev.type === "slash" || prev.type === "bos")) {
            push({ type: "qmark", value, output: QMARK_NO_DOT });
            continue;
          }
          push({ type: "qmark", value, output: QMARK });
          continue;
        }
        if (value === "!") {
          if (opts.noextglob !== true && peek() === "(") {
            if (peek(2) !== "?" || !/[!=<:]/.test(peek(3))) {
              extglobOpen("negate", value);
              continue;
            }
          }
          if (opts.nonegate !== true && state.index === 0) {
            negate();
            continue;
          }
        }
        if (value === "+") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("plus", value);
            continue;
          }
          if (prev && prev.value === "(" || opts.regex === false) {
            push({ type: "plus", value, output: PLUS_LITERAL });
            continue;
          }
          if (prev && (prev.type === "bracket" || prev.type === "paren" || prev.type === "brace") || state.parens > 0) {
            push({ type: "plus", value });
            continue;
          }
          push({ type: "plus", value: PLUS_LITERAL });
          continue;
        }
        if (value === "@") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            push({ type: "at", extglob: true, value, output: "" });
            continue;
          }
          push({ type: "text", value });
          continue;
        }
        if (value !== "*") {
          if (value === "$" || value === "^") {
            value = `\\${value}`;
          }
          const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
          if (match) {
            value += match[0];
            state.index += match[0].length;
          }
          push({ type: "text", value });
          continue;
        }
        if (prev && (prev.type === "globstar" || prev.star === true)) {
          prev.type = "star";
          prev.star = true;
          prev.value += value;
          prev.output = star;
          state.backtrack = true;
          state.globstar = true;
          consume(value);
          continue;
        }
        let rest = remaining();
        if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
          extglobOpen("star", value);
          continue;
        }
        if (prev.type === "star") {
          if (opts.noglobstar === true) {
            consume(value);
            continue;
          }
          const prior = prev.prev;
          const before = prior.prev;
          const isStart = prior.type === "slash" || prior.type === "bos";
          const afterStar = before && (before.type === "star" || before.type === "globstar");
          if (opts.bash === true && (!isStart || rest[0] && rest[0] !== "/")) {
            push({ type: "star", value, output: "" });
            continue;
          }
          const isBrace = state.braces > 0 && (prior.type === "comma" || prior.type === "brace");
          const isExtglob = extglobs.length && (prior.type === "pipe" || prior.type === "paren");
          if (!isStart && prior.type !== "paren" && !isBrace && !isExtglob) {
            push({ type: "star", value, output: "" });
            continue;
          }
          while (rest.slice(0, 3) === "/**") {
            const after = input[state.index + 4];
            if (after && after !== "/") {
              break;
            }
            rest = rest.slice(3);
            consume("/**", 3);
          }
          const isEnd = eos() || state.parens > 0 && rest === ")".repeat(state.parens) && !extglobs.some((extglob) => extglob.type === "negate");
          if (prior.type === "bos" && eos()) {
            prev.type = "globstar";
            prev.value += value;
            prev.output = globstar(opts);
            state.output = prev.output;
            state.globstar = true;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && !afterStar && isEnd) {
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = globstar(opts) + (opts.strictSlashes ? ")" : "|$)");
            prev.value += value;
            state.globstar = true;
            state.output += prior.output + prev.output;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && rest[0] === "/") {
            const end = rest[1] !== void 0 ? "|$" : "";
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
            prev.value += value;
            state.output += prior.output + prev.output;
            state.globstar = true;
            consume(value + advance2());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          if (prior.type === "bos" && rest[0] === "/") {
            prev.type = "globstar";
            prev.value += value;
            prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
            state.output = prev.output;
            state.globstar = true;
            consume(value + advance2());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          state.output = state.output.slice(0, -prev.output.length);
          prev.type = "globstar";
          prev.output = globstar(opts);
          prev.value += value;
          state.output += prev.output;
          state.globstar = true;
          consume(value);
          continue;
        }
        const token = { type: "star", value, output: star };
        if (opts.bash === true) {
          token.output = ".*?";
          if (prev.type === "bos" || prev.type === "slash") {
            token.output = nodot + token.output;
          }
          push(token);
          continue;
        }
        if (prev && (prev.type === "bracket" || prev.type === "paren") && opts.regex === true) {
          token.output = value;
          push(token);
          continue;
        }
        if (state.index === state.start || prev.type === "slash" || prev.type === "dot") {
          if (prev.type === "dot") {
            state.output += NO_DOT_SLASH;
            prev.output += NO_DOT_SLASH;
          } else if (opts.dot === true) {
            state.output += NO_DOTS_SLASH;
            prev.output += NO_DOTS_SLASH;
          } else {
            state.output += nodot;
            prev.output += nodot;
          }
          if (peek() !== "*") {
            state.output += ONE_CHAR;
            prev.output += ONE_CHAR;
          }
        }
        push(token);
      }
      while (state.brackets > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "]"));
        state.output = utils.escapeLast(state.output, "[");
        decrement("brackets");
      }
      while (state.parens > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", ")"));
        state.output = utils.escapeLast(state.output, "(");
        decrement("parens");
      }
      while (state.braces > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "}"));
        state.output = utils.escapeLast(state.output, "{");
        decrement("braces");
      }
      if (opts.strictSlashes !== true && (prev.type === "star" || prev.type === "bracket")) {
        push({ type: "maybe_slash", value: "", output: `${SLASH_LITERAL}?` });
      }
      if (state.backtrack === true) {
        state.output = "";
        for (const token of state.tokens) {
          state.output += token.output != null ? token.output : token.value;
          if (token.suffix) {
            state.output += token.suffix;
          }
        }
      }
      return state;
    };
    parse2.fastpaths = (input, options) => {
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      const len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      input = REPLACEMENTS[input] || input;
      const {
        DOT_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOTS,
        NO_DOTS_SLASH,
        STAR,
        START_ANCHOR
      } = constants2.globChars(opts.windows);
      const nodot = opts.dot ? NO_DOTS : NO_DOT;
      const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
      const capture = opts.capture ? "" : "?:";
      const state = { negated: false, prefix: "" };
      let star = opts.bash === true ? ".*?" : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      const globstar = (opts2) => {
        if (opts2.noglobstar === true) return star;
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const create = (str3) => {
        switch (str3) {
          case "*":
            return `${nodot}${ONE_CHAR}${star}`;
          case ".*":
            return `${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*.*":
            return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*/*":
            return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;
          case "**":
            return nodot + globstar(opts);
          case "**/*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;
          case "**/*.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "**/.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;
          default: {
            const match = /^(.*?)\.(\w+)$/.exec(str3);
            if (!match) return;
            const source2 = create(match[1]);
            if (!source2) return;
            return source2 + DOT_LITERAL + match[2];
          }
        }
      };
      const output = utils.removePrefix(input, state);
      let source = create(output);
      if (source && opts.strictSlashes !== true) {
        source += `${SLASH_LITERAL}?`;
      }
      return source;
    };
    module.exports = parse2;
  }
});

// node_modules/picomatch/lib/picomatch.js
var require_picomatch = __commonJS({
  "node_modules/picomatch/lib/picomatch.js"(exports, module) {
    "use strict";
    var scan = require_scan();
    var parse2 = require_parse();
    var utils = require_utils();
    var constants2 = require_constants();
    var isObject4 = (val) => val && typeof val === "object" && !Array.isArray(val);
    var picomatch2 = (glob2, options, returnState = false) => {
      if (Array.isArray(glob2)) {
        const fns = glob2.map((input) => picomatch2(input, options, returnState));
        const arrayMatcher = (str3) => {
          for (const isMatch of fns) {
            const state2 = isMatch(str3);
            if (state2) return state2;
          }
          return false;
        };
        return arrayMatcher;
      }
      const isState = isObject4(glob2) && glob2.tokens && glob2.input;
      if (glob2 === "" || typeof glob2 !== "string" && !isState) {
        throw new TypeError("Expected pattern to be a non-empty string");
      }
      const opts = options || {};
      const posix4 = opts.windows;
      const regex = isState ? picomatch2.compileRe(glob2, options) : picomatch2.makeRe(glob2, options, false, true);
      const state = regex.state;
      delete regex.state;
      let isIgnored = () => false;
      if (opts.ignore) {
        const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
        isIgnored = picomatch2(opts.ignore, ignoreOpts, returnState);
      }
      const matcher = (input, returnObject = false) => {
        const { isMatch, match, output } = picomatch2.test(input, regex, options, { glob: glob2, posix: posix4 });
        const result = { glob: glob2, state, regex, posix: posix4, input, output, match, isMatch };
        if (typeof opts.onResult === "function") {
          opts.onResult(result);
        }
        if (isMatch === false) {
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (isIgnored(input)) {
          if (typeof opts.onIgnore === "function") {
            opts.onIgnore(result);
          }
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (typeof opts.onMatch === "function") {
          opts.onMatch(result);
        }
        return returnObject ? result : true;
      };
      if (returnState) {
        matcher.state = state;
      }
      return matcher;
    };
    picomatch2.test = (input, regex, options, { glob: glob2, posix: posix4 } = {}) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected input to be a string");
      }
      if (input === "") {
        return { isMatch: false, output: "" };
      }
      const opts = options || {};
      const format = opts.format || (posix4 ? utils.toPosixSlashes : null);
      let match = input === glob2;
      let output = match && format ? format(input) : input;
      if (match === false) {
        output = format ? format(input) : input;
        match = output === glob2;
      }
      if (match === false || opts.capture === true) {
        if (opts.matchBase === true || opts.basename === true) {
          match = picomatch2.matchBase(input, regex, options, posix4);
        } else {
          match = regex.exec(output);
        }
      }
      return { isMatch: Boolean(match), match, output };
    };
    picomatch2.matchBase = (input, glob2, options, posix4 = options && options.windows) => {
      const regex = glob2 instanceof RegExp ? glob2 : picomatch2.makeRe(glob2, options);
      return regex.test(utils.basename(input, { windows: posix4 }));
    };
    picomatch2.isMatch = (str3, patterns, options) => picomatch2(patterns, options)(str3);
    picomatch2.parse = (pattern, options) => {
      if (Array.isArray(pattern)) return pattern.map((p) => picomatch2.parse(p, options));
      return parse2(pattern, { ...options, fastpaths: false });
    };
    picomatch2.scan = (input, options) => scan(input, options);
    picomatch2.compileRe = (state, options, returnOutput = false, returnState = false) => {
      if (returnOutput === true) {
        return state.output;
      }
      const opts = options || {};
      const prepend = opts.contains ? "" : "^";
      const append2 = opts.contains ? "" : "$";
      let source = `${prepend}(?:${state.output})${append2}`;
      if (state && state.negated === true) {
        source = `^(?!${source}).*$`;
      }
      const regex = picomatch2.toRegex(source, options);
      if (returnState === true) {
        regex.state = state;
      }
      return regex;
    };
    picomatch2.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
      if (!input || typeof input !== "string") {
        throw new TypeError("Expected a non-empty string");
      }
      let parsed = { negated: false, fastpaths: true };
      if (options.fastpaths !== false && (input[0] === "." || input[0] === "*")) {
        parsed.output = parse2.fastpaths(input, options);
      }
      if (!parsed.output) {
        parsed = parse2(input, options);
      }
      return picomatch2.compileRe(parsed, options, returnOutput, returnState);
    };
    picomatch2.toRegex = (source, options) => {
      try {
        const opts = options || {};
        return new RegExp(source, opts.flags || (opts.nocase ? "i" : ""));
      } catch (err) {
        if (options && options.debug === true) throw err;
        return /$^/;
      }
    };
    picomatch2.constants = constants2;
    module.exports = picomatch2;
  }
});

// node_modules/picomatch/index.js
var require_picomatch2 = __commonJS({
  "node_modules/picomatch/index.js"(exports, module) {
    "use strict";
    var pico = require_picomatch();
    var utils = require_utils();
    function picomatch2(glob2, options, returnState = false) {
      if (options && (options.windows === null || options.windows === void 0)) {
        options = { ...options, windows: utils.isWindows() };
      }
      return pico(glob2, options, returnState);
    }
    Object.assign(picomatch2, pico);
    module.exports = picomatch2;
  }
});

// src/effects/replay-pool.ts
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

// src/core/trend/types.ts
var TREND_SCHEMA_VERSION = 2;
var SEGMENT_VERSION = 1;
var ROLLUP_FANOUT = 16;
function isCommitPrefix(text2) {
  return /^[0-9a-f]{7,64}$/.test(text2);
}

// src/core/trend/layout.ts
var MANIFEST_PATH = "manifest.json";
function segmentPath(seq) {
  const id = String(seq).padStart(8, "0");
  const a = String(Math.floor(seq / 1e4)).padStart(4, "0");
  const b = String(Math.floor(seq / 100) % 100).padStart(2, "0");
  return `data/seg/${a}/${b}/${id}.json`;
}
function rollupPath(level2, index) {
  const a = String(Math.floor(index / 100)).padStart(4, "0");
  return `data/roll/${level2}/${a}/${String(index).padStart(6, "0")}.json`;
}
function rollupSize(level2) {
  return ROLLUP_FANOUT ** level2;
}
function resolveSegments(segments) {
  const bySeq = [...segments].sort((a, b) => a.seq - b.seq);
  const latest = /* @__PURE__ */ new Map();
  const imports = /* @__PURE__ */ new Map();
  for (const s of bySeq) {
    const at = `${s.suite}\0${s.commit.sha}`;
    if (s.imported !== void 0) imports.set(at, (imports.get(at) ?? 0) + 1);
    else for (const shape of s.shapes) latest.set(`${at}\0${shape}`, s.seq);
  }
  const latestCase = /* @__PURE__ */ new Map();
  for (const s of bySeq) {
    const at = `${s.suite}\0${s.commit.sha}`;
    if (s.imported === void 0 || (imports.get(at) ?? 0) < 2) continue;
    for (const p of s.points) latestCase.set(`${at}\0${p.shape}\0${p.case}`, s.seq);
  }
  return bySeq.map((s) => {
    const at = `${s.suite}\0${s.commit.sha}`;
    const once = s.imported !== void 0 && (imports.get(at) ?? 0) < 2;
    const points = s.points.filter((p) => {
      const own = latest.get(`${at}\0${p.shape}`);
      if (s.imported === void 0) return own === s.seq;
      if (own !== void 0) return false;
      return once || latestCase.get(`${at}\0${p.shape}\0${p.case}`) === s.seq;
    });
    return points.length === s.points.length ? s : { ...s, points };
  });
}
function casesTakenOff(before, segment) {
  if (segment.imported !== void 0) return [];
  const shapes = new Set(segment.shapes);
  const kept = new Set(segment.points.map((p) => p.case));
  const off = /* @__PURE__ */ new Map();
  for (const s of resolveSegments([...before].filter((b) => b.seq < segment.seq && b.suite === segment.suite && b.commit.sha === segment.commit.sha))) {
    for (const p of s.points) if (shapes.has(p.shape) && !kept.has(p.case)) off.set(p.case, p.shape);
  }
  return [...off].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([name, shape]) => ({ case: name, shape }));
}
function sameRunSuperseded(before, segment) {
  if (segment.runUrl === void 0) return [];
  return supersededBy(before, segment).filter((b) => b.runUrl === segment.runUrl && !samePoints(b, segment));
}
function supersededBy(before, segment) {
  if (segment.imported !== void 0) return [];
  const shapes = new Set(segment.shapes);
  return [...before].filter((b) => b.seq < segment.seq && b.suite === segment.suite && b.commit.sha === segment.commit.sha && b.imported === void 0 && b.shapes.some((s) => shapes.has(s)));
}
var samePoints = (a, b) => JSON.stringify(a.points) === JSON.stringify(b.points);
var CHUNK_FOLDER = "data/c";
function chunkPath(level2, index) {
  const a = String(Math.floor(index / 100)).padStart(4, "0");
  return `${CHUNK_FOLDER}/${level2}/${a}/${String(index).padStart(8, "0")}.json`;
}
var FORMAT1_FOLDERS = ["data/seg", "data/roll"];

// src/core/regress/absolute-floor.ts
var PER_CALL = /\/(?:iter|op|call|run|it|iteration)$/;
function scaleOf(unit) {
  const u = parseUnit(unit.trim().replace(PER_CALL, ""));
  if (u.per !== void 0 || u.perSeconds !== void 0) return void 0;
  if (u.kind === "time") return { family: "time", factor: u.scale };
  if (u.kind === "bytes") return { family: "size", factor: u.scale };
  return void 0;
}
function floorIn(floors, unit) {
  const target = scaleOf(unit);
  let best;
  for (const f of floors) {
    let amount;
    if (f.unit === unit) amount = f.amount;
    else {
      const from = scaleOf(f.unit);
      if (from && target && from.family === target.family) amount = f.amount * from.factor / target.factor;
    }
    if (amount !== void 0) best = best === void 0 ? amount : Math.max(best, amount);
  }
  return best;
}
function parseAbsoluteFloors(text2, input = "absolute-floor") {
  const floors = [];
  for (const raw of text2.split(/[,\n]/)) {
    const item = raw.trim();
    if (item === "") continue;
    const m = /^(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*(\S+)$/i.exec(item);
    const amount = m ? Number(m[1]) : NaN;
    if (!m || !Number.isFinite(amount) || amount < 0) {
      throw new InputError(`${input}: ${JSON.stringify(item)} is not an amount with a unit; write it like 1ms, 40us or 4KiB`);
    }
    floors.push({ amount, unit: m[2], text: item });
  }
  return floors;
}

// src/core/regress/prng.ts
function hashString(text2, seed = 2166136261) {
  let h = seed >>> 0;
  for (let i = 0; i < text2.length; i++) {
    h ^= text2.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}
function mixSeed(...parts) {
  let h = 2654435769;
  for (const p of parts) {
    h ^= p >>> 0;
    h = Math.imul(h ^ h >>> 16, 2246822507) >>> 0;
    h = Math.imul(h ^ h >>> 13, 3266489909) >>> 0;
    h = (h ^ h >>> 16) >>> 0;
  }
  return h >>> 0;
}

// src/core/regress/change-points.ts
var DEFAULT_CHANGE_POINT_SETTINGS = { minSize: 5, permutations: 199, significance: 0.01 };
var coefficientMemo = /* @__PURE__ */ new Map();
function coefficients(n, minSize) {
  const key2 = n * 65536 + minSize;
  let c = coefficientMemo.get(key2);
  if (c) return c;
  c = { gainAt: new Float64Array(n), costAt: new Float64Array(n), offsetPerTotal: new Float64Array(n) };
  for (let tau = Math.max(1, minSize); tau <= Math.min(n - 1, n - minSize); tau++) {
    const m = tau;
    const k = n - tau;
    c.gainAt[tau] = 2 * (n - 1) / (n * (k - 1));
    c.costAt[tau] = 2 / n * (2 + k / (m - 1) + m / (k - 1));
    c.offsetPerTotal[tau] = 2 * m / (n * (k - 1));
  }
  if (coefficientMemo.size > 1024) coefficientMemo.clear();
  coefficientMemo.set(key2, c);
  return c;
}
var ints = new Int32Array(0);
var floats = new Float64Array(0);
function scratchInts(n) {
  if (ints.length < n) ints = new Int32Array(Math.max(n, 2 * ints.length));
  ints.fill(0, 0, n);
  return ints;
}
function scratchTree(n) {
  if (floats.length < n) floats = new Float64Array(Math.max(n, 2 * floats.length));
  return floats;
}
var counts = new Int32Array(0);
function scratchCounts(n) {
  if (counts.length < n) counts = new Int32Array(Math.max(n, 2 * counts.length));
  counts.fill(0, 0, n);
  return counts;
}
var lastOrder;
var orderSets = [
  { values: new Float64Array(0), sorted: new Float64Array(0), ranks: new Int32Array(0) },
  { values: new Float64Array(0), sorted: new Float64Array(0), ranks: new Int32Array(0) }
];
var orderTurn = 0;
function nextOrderArrays(n) {
  orderTurn ^= 1;
  const set = orderSets[orderTurn];
  if (set.values.length < n) {
    const size = Math.max(n, 2 * set.values.length);
    set.values = new Float64Array(size);
    set.sorted = new Float64Array(size);
    set.ranks = new Int32Array(size);
  }
  return { values: set.values.subarray(0, n), sorted: set.sorted.subarray(0, n), ranks: set.ranks.subarray(0, n) };
}
function segmentOrderShared(values, from, to) {
  const out = nextOrderArrays(to - from);
  if (!carriedOrder(values, from, to, out)) freshOrder(values, from, to, out);
  for (let i = from; i < to; i++) out.values[i - from] = values[i];
  lastOrder = out;
  return out;
}
function lowerBound(sorted2, n, v) {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (sorted2[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function freshOrder(values, from, to, out) {
  const n = to - from;
  const sv = out.sorted;
  for (let i = 0; i < n; i++) sv[i] = values[from + i];
  sv.sort();
  const ranks = out.ranks;
  const taken = scratchInts(n);
  for (let pos = 0; pos < n; pos++) {
    const lo = lowerBound(sv, n, values[from + pos]);
    ranks[pos] = lo + taken[lo];
    taken[lo] = taken[lo] + 1;
  }
}
function carriedOrder(values, from, to, out) {
  const last = lastOrder;
  const n = to - from;
  if (!last || n < 2) return false;
  const m = last.values.length;
  const shift = n === m ? 1 : n === m + 1 ? 0 : -1;
  if (shift < 0) return false;
  const old = last.values;
  for (let i = 0; i < n - 1; i++) {
    const v = values[from + i];
    if (v !== old[i + shift] || v === 0 && !Object.is(v, old[i + shift])) return false;
  }
  const w = values[to - 1];
  const removed = shift ? old[0] : NaN;
  if (w !== w || w === 0 || shift && (removed !== removed || removed === 0)) return false;
  const was = last.sorted;
  const gone = shift ? lowerBound(was, m, removed) : -1;
  const sorted2 = out.sorted;
  let put = -1;
  let k = 0;
  for (let j = 0; j < m; j++) {
    if (j === gone) continue;
    const v = was[j];
    if (put < 0 && v > w) sorted2[put = k++] = w;
    sorted2[k++] = v;
  }
  if (put < 0) sorted2[put = k] = w;
  const ranks = out.ranks;
  const oldRanks = last.ranks;
  for (let p = 0; p < n - 1; p++) {
    const v = values[from + p];
    ranks[p] = oldRanks[p + shift] - (shift && removed <= v ? 1 : 0) + (w < v ? 1 : 0);
  }
  ranks[n - 1] = put;
  return true;
}
var rows = new Float64Array(0);
var offsets = new Float64Array(0);
function scratchRows(n) {
  if (rows.length < n) rows = new Float64Array(Math.max(n, 2 * rows.length));
  return rows.subarray(0, n);
}
var valuesByPosition = new Float64Array(0);
var rowsByPosition = new Float64Array(0);
function scratchOffsets(n) {
  if (offsets.length < n) offsets = new Float64Array(Math.max(n, 2 * offsets.length));
  return offsets.subarray(0, n);
}
var Segment = class {
  n;
  sortedValues;
  /** rankAt[i]: rank of the value at position i (ties broken by position, so ranks are distinct). */
  rankAt;
  /** rowTotal[r]: Σ_j |v_r − v_j| over the whole segment, by rank. */
  rowTotal;
  /** Σ_{i<j} |v_i − v_j| over the whole segment. */
  total;
  /**
   * Q(τ) = gainAt[τ]·rowLeft − costAt[τ]·within − offsetAt[τ] (see scan), zero outside
   * [minSize, n − minSize]: the divisions done once per segment rather than once per scan.
   */
  gainAt;
  costAt;
  offsetAt;
  first;
  last;
  /**
   * Each position's value and rowTotal (byPosition): what the carried tests read, without the
   * rank between. Shared working arrays, like rowTotal's: valid while this segment's test runs.
   */
  valueAt;
  rowAt;
  constructor(values, from, to, minSize) {
    const n = to - from;
    this.n = n;
    const { sorted: sv, ranks } = segmentOrderShared(values, from, to);
    this.sortedValues = sv;
    this.rankAt = ranks;
    const prefix = scratchTree(n + 1);
    prefix[0] = 0;
    for (let r = 0; r < n; r++) prefix[r + 1] = prefix[r] + sv[r];
    this.rowTotal = scratchRows(n);
    let total = 0;
    for (let r = 0; r < n; r++) {
      const v = sv[r];
      const below = r * v - prefix[r];
      const above = prefix[n] - prefix[r + 1] - (n - 1 - r) * v;
      this.rowTotal[r] = below + above;
      total += below + above;
    }
    this.total = total / 2;
    this.first = Math.max(1, minSize);
    this.last = Math.min(n - 1, n - minSize);
    const c = coefficients(n, minSize);
    this.gainAt = c.gainAt;
    this.costAt = c.costAt;
    this.offsetAt = scratchOffsets(n);
    this.offsetAt.fill(0);
    for (let tau = this.first; tau <= this.last; tau++) this.offsetAt[tau] = this.total * c.offsetPerTotal[tau];
  }
  /**
   * Readies valueAt and rowAt, in working arrays shared by every segment: a test that carries
   * sums reads them for each of its 199 permutations.
   */
  byPosition() {
    const n = this.n;
    if (valuesByPosition.length < n) {
      valuesByPosition = new Float64Array(Math.max(n, 2 * valuesByPosition.length));
      rowsByPosition = new Float64Array(valuesByPosition.length);
    }
    for (let pos = 0; pos < n; pos++) {
      const r = this.rankAt[pos];
      valuesByPosition[pos] = this.sortedValues[r];
      rowsByPosition[pos] = this.rowTotal[r];
    }
    this.valueAt = valuesByPosition;
    this.rowAt = rowsByPosition;
  }
  /**
   * The split τ (minSize ≤ τ ≤ n − minSize) maximising the scaled energy distance
   * Q = m·k/(m+k) · (2/(m·k)·Σ|x−y| − Σ|x−x'|/C(m,2) − Σ|y−y'|/C(k,2)) for the ranks read in
   * the given order of positions (ranks[order[0]], ranks[order[1]], ...), and that maximum. With
   * `stopAt`, it returns as soon as some τ reaches it, having read no further.
   */
  scan(ranks, order, stopAt = Infinity, record) {
    const n = this.n;
    const sums = scratchTree(n + 1);
    const below = scratchCounts(n + 1);
    const sv = this.sortedValues;
    const rowTotal = this.rowTotal;
    const gainAt = this.gainAt;
    const costAt = this.costAt;
    const offsetAt = this.offsetAt;
    const first = this.first;
    const last = this.last;
    sums.fill(0, 0, n + 1);
    let within2 = 0;
    let rowLeft = 0;
    let sumLeft = 0;
    let best = -Infinity;
    let bestTau = -1;
    const end = record ? n : last;
    if (record) record[0] = 0;
    for (let tau = 1; tau <= end; tau++) {
      const r = ranks[order[tau - 1]];
      const x = sv[r];
      let c = 0;
      let s = 0;
      for (let i = r; i > 0; i &= i - 1) {
        c += below[i];
        s += sums[i];
      }
      within2 += x * (2 * c - (tau - 1)) + sumLeft - 2 * s;
      for (let i = r + 1; i <= n; i += i & -i) {
        below[i] = below[i] + 1;
        sums[i] = sums[i] + x;
      }
      sumLeft += x;
      rowLeft += rowTotal[r];
      if (record) record[tau] = within2;
      if (tau < first || tau > last) continue;
      const q = gainAt[tau] * rowLeft - costAt[tau] * within2 - offsetAt[tau];
      if (q > best) {
        best = q;
        bestTau = tau;
        if (best >= stopAt) break;
      }
    }
    return { tau: bestTau, q: best };
  }
  /**
   * Whether no split of this stretch's points in the order of the permutation `kept` (those of
   * its identities from `lo` to `hi`, placed by positionOf) reaches `stopAt`, told without a scan
   * from the within-sums `old` of the same permutation of a stretch that differs from this one by the few
   * points of `diff`: the points the two share keep their order in a permutation (their keys),
   * so each prefix here is a prefix there with the dropped points taken out and the added ones
   * put in, and its within-sum is the old one corrected by their distances to the rest, in O(n)
   * and without the Fenwick trees. Everything else in Q is summed as scan sums it; `margin`
   * bounds how far the within-sums, summed another way, may stray from scan's. False when it
   * cannot tell, and scan decides; `out` then holds nothing of use. True leaves this stretch's
   * within-sums in `out`.
   */
  carriedBelow(kept, lo, hi, base, old, diff, seed, p, stopAt, margin, out) {
    if (this.valueAt === void 0) this.byPosition();
    if (diff.dropped === 0 && diff.added <= 1) return this.grownBelow(kept, lo, hi, base, old, diff.added === 0 ? -1 : diff.addedValues[0], diff.added === 0 ? -1 : diff.firstAddedAt, stopAt, margin, out);
    const valueAt = this.valueAt;
    const rowAt = this.rowAt;
    const gainAt = this.gainAt;
    const costAt = this.costAt;
    const offsetAt = this.offsetAt;
    const first = this.first;
    const last = this.last;
    const nz = diff.dropped;
    const na = diff.added;
    const zv = diff.droppedValues;
    const av = diff.addedValues;
    const zk = diff.droppedKeys;
    const zi = diff.droppedOrder;
    const dz = diff.droppedSums;
    const ea = diff.addedSums;
    const seen = diff.addedSeen;
    for (let i = 0; i < nz; i++) {
      const key2 = keyOf(seed, p, diff.droppedIds[i]);
      let at = i;
      while (at > 0 && (zk[at - 1] > key2 || zk[at - 1] === key2 && diff.droppedIds[zi[at - 1]] > diff.droppedIds[i])) {
        zk[at] = zk[at - 1];
        zi[at] = zi[at - 1];
        at--;
      }
      zk[at] = key2;
      zi[at] = i;
      dz[i] = 0;
    }
    for (let i = 0; i < na; i++) ea[i] = 0;
    let seenAdded = 0;
    let nextDrop = 0;
    let oldLength = 0;
    let droppedPairs = 0;
    let addedPairs = 0;
    let rowLeft = 0;
    const addedAt = diff.addedAt;
    const droppedIds = diff.droppedIds;
    const keptIds = kept.ids;
    const keptKeys = kept.keys;
    const length = kept.length;
    let tau = 0;
    out[0] = 0;
    for (let j = 0; j < length; j++) {
      const id = keptIds[j];
      if (id < lo || id > hi) continue;
      const pos = positionOf[id - base];
      if (nextDrop < nz) {
        const key2 = keptKeys[j];
        while (nextDrop < nz) {
          const k = zk[nextDrop];
          const z = zi[nextDrop];
          if (k > key2 || k === key2 && droppedIds[z] > id) break;
          const v = zv[z];
          for (let i = 0; i < nextDrop; i++) droppedPairs += Math.abs(v - zv[zi[i]]);
          nextDrop++;
          oldLength++;
        }
      }
      const x = valueAt[pos];
      const a = addedAt[pos];
      if (a >= 0) {
        for (let i = 0; i < seenAdded; i++) addedPairs += Math.abs(x - av[seen[i]]);
        seen[seenAdded++] = a;
      } else {
        oldLength++;
        for (let i = 0; i < nz; i++) dz[i] = dz[i] + Math.abs(zv[i] - x);
        for (let i = 0; i < na; i++) ea[i] = ea[i] + Math.abs(av[i] - x);
      }
      let within2 = old[oldLength] - droppedPairs + addedPairs;
      for (let i = 0; i < nextDrop; i++) within2 -= dz[zi[i]];
      for (let i = 0; i < seenAdded; i++) within2 += ea[seen[i]];
      tau++;
      out[tau] = within2;
      rowLeft += rowAt[pos];
      if (tau < first || tau > last) continue;
      const q = gainAt[tau] * rowLeft - costAt[tau] * within2 - offsetAt[tau];
      if (!(q + margin < stopAt)) return false;
    }
    return true;
  }
  /**
   * carriedBelow for a stretch that only gained a point, of value `added` at position `addedPos`,
   * or is the same (then `addedPos` is −1 and `added` is never read): the commonest case, a
   * window not yet full grown by the newest commit, without the general case's loops.
   */
  grownBelow(kept, lo, hi, base, old, added, addedPos, stopAt, margin, out) {
    const valueAt = this.valueAt;
    const rowAt = this.rowAt;
    const gainAt = this.gainAt;
    const costAt = this.costAt;
    const offsetAt = this.offsetAt;
    const first = this.first;
    const last = this.last;
    let oldLength = 0;
    let toAdded = 0;
    let inPrefix = false;
    let rowLeft = 0;
    const keptIds = kept.ids;
    const length = kept.length;
    let tau = 0;
    out[0] = 0;
    for (let j = 0; j < length; j++) {
      const id = keptIds[j];
      if (id < lo || id > hi) continue;
      const pos = positionOf[id - base];
      tau++;
      if (pos === addedPos) inPrefix = true;
      else {
        oldLength++;
        toAdded += Math.abs(added - valueAt[pos]);
      }
      const within2 = inPrefix ? old[oldLength] + toAdded : old[oldLength];
      out[tau] = within2;
      rowLeft += rowAt[pos];
      if (tau < first || tau > last) continue;
      const q = gainAt[tau] * rowLeft - costAt[tau] * within2 - offsetAt[tau];
      if (!(q + margin < stopAt)) return false;
    }
    return true;
  }
  /**
   * How far a Q with within-sums summed by carriedBelow may stray from scan's. Scan's running
   * within-sum cancels terms as large as n·max|v| at each of n steps, so its rounding stays below
   * about n³·max|v|·2⁻⁵³; the carried one adds a few distances per point, over at most CARRY_CHAIN
   * tests. The margin is 10⁻¹¹·n³·max|v| times the largest cost, some 10⁵ times the first, plus a
   * part in 10¹¹ of Q's largest terms: a permutation that close to the statistic is scanned.
   */
  carryMargin(values, from, to) {
    let big = 0;
    for (let i = from; i < to; i++) big = Math.max(big, Math.abs(values[i]));
    let terms = 0;
    let cost = 0;
    for (let tau = this.first; tau <= this.last; tau++) {
      terms = Math.max(terms, this.gainAt[tau] * 2 * this.total + this.costAt[tau] * this.total + Math.abs(this.offsetAt[tau]));
      cost = Math.max(cost, this.costAt[tau]);
    }
    const n = this.n;
    return 1e-11 * (n * n * n * big * cost + terms);
  }
};
var MEMO_ENTRIES = 4096;
var memo = /* @__PURE__ */ new Map();
var bits = new Float64Array(1);
var words = new Uint32Array(bits.buffer);
function memoKey(values, ids, from, to, settings, seed) {
  let h = mixSeed(seed, to - from, settings.minSize, settings.permutations, Math.round(settings.significance * 1e9), ids[from], ids[to - 1]);
  for (const i of [from, from + to >>> 1, to - 1]) {
    bits[0] = values[i];
    h = mixSeed(h, words[0], words[1]);
  }
  return h;
}
function memoHit(entry2, values, ids, from, to, settings, seed) {
  if (!entry2 || entry2.seed !== seed || entry2.values.length !== to - from) return false;
  const s = entry2.settings;
  if (s.minSize !== settings.minSize || s.permutations !== settings.permutations || s.significance !== settings.significance) return false;
  for (let i = from; i < to; i++) if (!Object.is(entry2.values[i - from], values[i]) || entry2.ids[i - from] !== ids[i]) return false;
  return true;
}
function movedTo(split, was, from) {
  return split && { index: split.index - was + from, pValue: split.pValue };
}
function testSplitOnce(values, ids, from, to, settings, seed) {
  const key2 = memoKey(values, ids, from, to, settings, seed);
  const entry2 = memo.get(key2);
  if (memoHit(entry2, values, ids, from, to, settings, seed)) return movedTo(entry2.split, entry2.from, from);
  const split = testSplit(values, ids, from, to, settings, seed, false);
  if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value);
  const copy = new Float64Array(to - from);
  const idCopy = new Float64Array(to - from);
  for (let i = from; i < to; i++) {
    copy[i - from] = values[i];
    idCopy[i - from] = ids[i];
  }
  memo.set(key2, { values: copy, ids: idCopy, from, seed, settings: { minSize: settings.minSize, permutations: settings.permutations, significance: settings.significance }, split });
  return split;
}
function keyOf(seed, p, id) {
  let h = 2654435769 ^ seed;
  h = Math.imul(h ^ h >>> 16, 2246822507);
  h = Math.imul(h ^ h >>> 13, 3266489909);
  h = h ^ h >>> 16 ^ p;
  h = Math.imul(h ^ h >>> 16, 2246822507);
  h = Math.imul(h ^ h >>> 13, 3266489909);
  h = h ^ h >>> 16 ^ id;
  h = Math.imul(h ^ h >>> 16, 2246822507);
  h = Math.imul(h ^ h >>> 13, 3266489909);
  return (h ^ h >>> 16) >>> 0;
}
var LINEAGES = 4;
var BEATERS = 16;
var DROP_LOG = 256;
var lineages = [];
var calls = 0;
function lineageOf(seed) {
  for (let i = 0; i < lineages.length; i++) {
    const l = lineages[i];
    if (l.seed !== seed) continue;
    if (i > 0) {
      lineages.splice(i, 1);
      lineages.unshift(l);
    }
    return l;
  }
  const reused = lineages.length >= LINEAGES ? lineages.pop() : void 0;
  const made = reused ?? { seed, target: new Float64Array(0), targetLength: 0, version: 0, rebuiltBelow: 0, dropped: [], droppedAt: [], loggedFrom: 0, kept: [], beaters: new Int32Array(BEATERS), beaterCount: 0, bornIn: calls };
  if (reused) {
    reused.seed = seed;
    reused.targetLength = 0;
    reused.version++;
    reused.rebuiltBelow = reused.version;
    reused.dropped.length = 0;
    reused.droppedAt.length = 0;
    reused.loggedFrom = reused.version;
    reused.beaterCount = 0;
    reused.bornIn = calls;
  }
  lineages.unshift(made);
  return made;
}
function advance(lineage, ids, from, to) {
  const n = to - from;
  const t = lineage.target;
  const m = lineage.targetLength;
  let same = m === n;
  for (let i = 0; same && i < n; i++) same = t[i] === ids[from + i];
  if (same) return;
  const first = ids[from];
  let cut = 0;
  while (cut < m && t[cut] < first) cut++;
  let movedOn = m > 0 && m - cut <= n;
  for (let i = cut; movedOn && i < m; i++) movedOn = t[i] === ids[from + i - cut];
  if (movedOn && m - cut < n) movedOn = ids[from + m - cut] > t[m - 1];
  const version = lineage.version + 1;
  if (movedOn) {
    for (let i = 0; i < cut; i++) {
      lineage.dropped.push(t[i]);
      lineage.droppedAt.push(version);
    }
    if (lineage.dropped.length > DROP_LOG) {
      const over = lineage.dropped.length - DROP_LOG;
      lineage.loggedFrom = lineage.droppedAt[over - 1] + 1;
      lineage.dropped.splice(0, over);
      lineage.droppedAt.splice(0, over);
    }
  } else lineage.rebuiltBelow = version;
  if (t.length < n) lineage.target = new Float64Array(Math.max(n, 2 * t.length));
  for (let i = 0; i < n; i++) lineage.target[i] = ids[from + i];
  lineage.targetLength = n;
  lineage.version = version;
}
var bucketStarts = new Int32Array(0);
var bucketFill = new Int32Array(0);
var keyScratch = new Uint32Array(0);
function rebuild(lineage, p, kept) {
  const n = lineage.targetLength;
  if (kept.ids.length < n) {
    kept.ids = new Float64Array(Math.max(n + 8, 2 * kept.ids.length));
    kept.keys = new Uint32Array(kept.ids.length);
  }
  let bits2 = 1;
  while (1 << bits2 < 2 * n && bits2 < 24) bits2++;
  const buckets = 1 << bits2;
  const shift = 32 - bits2;
  if (bucketStarts.length < buckets + 1) {
    bucketStarts = new Int32Array(2 * buckets + 1);
    bucketFill = new Int32Array(2 * buckets + 1);
  }
  if (keyScratch.length < n) keyScratch = new Uint32Array(Math.max(n, 2 * keyScratch.length));
  const starts = bucketStarts;
  const fill = bucketFill;
  starts.fill(0, 0, buckets + 1);
  const target = lineage.target;
  const seed = lineage.seed;
  const keyAt = keyScratch;
  for (let i = 0; i < n; i++) {
    const key2 = keyOf(seed, p, target[i]);
    keyAt[i] = key2;
    const b = (key2 >>> shift) + 1;
    starts[b] = starts[b] + 1;
  }
  for (let b = 0; b < buckets; b++) {
    starts[b + 1] = starts[b + 1] + starts[b];
    fill[b] = starts[b];
  }
  const ids = kept.ids;
  const keys = kept.keys;
  for (let i = 0; i < n; i++) {
    const key2 = keyAt[i];
    const b = key2 >>> shift;
    const first = starts[b];
    let at = fill[b];
    fill[b] = at + 1;
    const id = target[i];
    while (at > first && keys[at - 1] > key2) {
      keys[at] = keys[at - 1];
      ids[at] = ids[at - 1];
      at--;
    }
    keys[at] = key2;
    ids[at] = id;
  }
  kept.length = n;
  kept.newest = target[n - 1];
  kept.version = lineage.version;
}
var CARRIED_MOVES = 32;
function placeOf(kept, key2, id) {
  let lo = 0;
  let hi = kept.length;
  const keys = kept.keys;
  const ids = kept.ids;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    const k = keys[mid];
    if (k < key2 || k === key2 && ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function permutation(lineage, p) {
  let kept = lineage.kept[p];
  if (!kept) {
    kept = { ids: new Float64Array(0), keys: new Uint32Array(0), length: 0, newest: -Infinity, version: -1 };
    lineage.kept[p] = kept;
    rebuild(lineage, p, kept);
    return kept;
  }
  if (kept.version === lineage.version) return kept;
  if (kept.version < lineage.rebuiltBelow || kept.version + 1 < lineage.loggedFrom || lineage.version - kept.version > CARRIED_MOVES) {
    rebuild(lineage, p, kept);
    return kept;
  }
  const seed = lineage.seed;
  const dropped = lineage.dropped;
  const droppedAt = lineage.droppedAt;
  for (let i = dropped.length - 1; i >= 0 && droppedAt[i] > kept.version; i--) {
    const id = dropped[i];
    if (id > kept.newest) continue;
    const at = placeOf(kept, keyOf(seed, p, id), id);
    if (at >= kept.length || kept.ids[at] !== id) {
      rebuild(lineage, p, kept);
      return kept;
    }
    kept.ids.copyWithin(at, at + 1, kept.length);
    kept.keys.copyWithin(at, at + 1, kept.length);
    kept.length--;
  }
  const n = lineage.targetLength;
  const target = lineage.target;
  let firstNew = n;
  while (firstNew > 0 && target[firstNew - 1] > kept.newest) firstNew--;
  if (kept.length + (n - firstNew) !== n) {
    rebuild(lineage, p, kept);
    return kept;
  }
  if (kept.ids.length < n) {
    const ids = new Float64Array(Math.max(n + 8, 2 * kept.ids.length));
    const keys = new Uint32Array(ids.length);
    ids.set(kept.ids.subarray(0, kept.length));
    keys.set(kept.keys.subarray(0, kept.length));
    kept.ids = ids;
    kept.keys = keys;
  }
  for (let i = firstNew; i < n; i++) {
    const id = target[i];
    const key2 = keyOf(seed, p, id);
    const at = placeOf(kept, key2, id);
    kept.ids.copyWithin(at + 1, at, kept.length);
    kept.keys.copyWithin(at + 1, at, kept.length);
    kept.ids[at] = id;
    kept.keys[at] = key2;
    kept.length++;
  }
  kept.newest = target[n - 1];
  kept.version = lineage.version;
  return kept;
}
var positionOf = new Int32Array(0);
var MAX_SPAN = 1 << 24;
var orderScratch = new Int32Array(0);
function permutedOrder(kept, lo, hi, base, n) {
  if (orderScratch.length < n) orderScratch = new Int32Array(Math.max(n, 2 * orderScratch.length));
  const out = orderScratch.subarray(0, n);
  let k = 0;
  for (let j = 0; j < kept.length; j++) {
    const id = kept.ids[j];
    if (id < lo || id > hi) continue;
    out[k++] = positionOf[id - base];
  }
  return out;
}
function placePositions(lineage, ids, from, to) {
  const base = lineage.target[0];
  const span = lineage.target[lineage.targetLength - 1] - base + 1;
  if (positionOf.length < span) positionOf = new Int32Array(Math.max(span, 2 * positionOf.length));
  for (let i = from; i < to; i++) positionOf[ids[i] - base] = i - from;
}
var identity = new Int32Array(0);
function inOrder(n) {
  if (identity.length < n) {
    identity = new Int32Array(Math.max(n, 2 * identity.length));
    for (let i = 0; i < identity.length; i++) identity[i] = i;
  }
  return identity.subarray(0, n);
}
var scansRun = 0;
var CARRY_CHANGES = 4;
var CARRY_SLOTS = 16;
var carrySlots = [];
var CARRY_CHAIN = 64;
var CARRY_FROM = 4;
var carryDiff = {
  dropped: 0,
  added: 0,
  droppedIds: new Float64Array(CARRY_CHANGES),
  droppedValues: new Float64Array(CARRY_CHANGES),
  addedValues: new Float64Array(CARRY_CHANGES),
  addedAt: new Int32Array(0),
  firstAddedAt: -1,
  droppedKeys: new Uint32Array(CARRY_CHANGES),
  droppedOrder: new Int32Array(CARRY_CHANGES),
  droppedSums: new Float64Array(CARRY_CHANGES),
  addedSums: new Float64Array(CARRY_CHANGES),
  addedSeen: new Int32Array(CARRY_CHANGES)
};
var carryVersion = 0;
var carryUse = 0;
var carriedRun = 0;
var withinScratch = new Float64Array(0);
function diffFrom(slot, values, ids, from, to, limit, fill) {
  const d = carryDiff;
  if (fill) {
    if (d.addedAt.length < to - from) d.addedAt = new Int32Array(Math.max(to - from, 2 * d.addedAt.length));
    d.addedAt.fill(-1, 0, to - from);
    d.dropped = 0;
    d.added = 0;
  }
  let changes = 0;
  let i = 0;
  let j = from;
  const drop = (k) => {
    if (fill) {
      d.droppedIds[d.dropped] = slot.ids[k];
      d.droppedValues[d.dropped++] = slot.values[k];
    }
  };
  const add = (k) => {
    if (fill) {
      if (d.added === 0) d.firstAddedAt = k - from;
      d.addedAt[k - from] = d.added;
      d.addedValues[d.added++] = values[k];
    }
  };
  while ((i < slot.n || j < to) && changes <= limit) {
    const a = i < slot.n ? slot.ids[i] : Infinity;
    const b = j < to ? ids[j] : Infinity;
    if (a < b) {
      if (++changes <= limit) drop(i);
      i++;
    } else if (b < a) {
      if (++changes <= limit) add(j);
      j++;
    } else {
      if (slot.values[i] !== values[j]) {
        changes += 2;
        if (changes <= limit) {
          drop(i);
          add(j);
        }
      }
      i++;
      j++;
    }
  }
  return changes;
}
function carrySlot(seed, values, ids, from, to, permutations) {
  let best;
  let fewest = CARRY_CHANGES + 1;
  for (const slot2 of carrySlots) {
    if (slot2.seed !== seed) continue;
    const changes = diffFrom(slot2, values, ids, from, to, fewest - 1, false);
    if (changes < fewest) {
      fewest = changes;
      best = slot2;
    }
  }
  if (best) diffFrom(best, values, ids, from, to, CARRY_CHANGES, true);
  let slot = best;
  if (!slot && carrySlots.length < CARRY_SLOTS) {
    slot = { seed, ids: new Float64Array(0), values: new Float64Array(0), n: 0, version: 0, within: [], stamp: new Int32Array(0), chain: new Int32Array(0), used: 0 };
    carrySlots.push(slot);
  }
  slot ??= carrySlots.reduce((a, b) => b.used < a.used ? b : a);
  if (!best) {
    slot.seed = seed;
    slot.version = ++carryVersion;
  }
  if (slot.stamp.length < permutations) {
    const stamp2 = new Int32Array(permutations);
    stamp2.set(slot.stamp);
    slot.stamp = stamp2;
    const chain = new Int32Array(permutations);
    chain.set(slot.chain);
    slot.chain = chain;
  }
  slot.used = ++carryUse;
  return { slot, near: best !== void 0 };
}
function settleSlot(slot, values, ids, from, to, version) {
  const n = to - from;
  if (slot.ids.length < n) {
    slot.ids = new Float64Array(Math.max(n, 2 * slot.ids.length));
    slot.values = new Float64Array(slot.ids.length);
  }
  for (let i = 0; i < n; i++) {
    slot.ids[i] = ids[from + i];
    slot.values[i] = values[from + i];
  }
  slot.n = n;
  slot.version = version;
}
var triedStamp = new Int32Array(0);
var stamp = 0;
function testSplit(values, ids, from, to, settings, seed, whole) {
  const seg = new Segment(values, from, to, settings.minSize);
  const ranks = seg.rankAt;
  const observed = seg.scan(ranks, inOrder(seg.n));
  if (observed.tau < 0 || !(observed.q > 0)) return void 0;
  const allowed = Math.floor(settings.significance * (settings.permutations + 1)) - 1;
  if (allowed < 0) throw new RangeError("significance is too small for the number of permutations");
  const lineage = lineageOf(seed);
  if (whole || lineage.targetLength === 0 || !within(lineage, ids, from, to)) advance(lineage, ids, from, to);
  placePositions(lineage, ids, from, to);
  const lo = ids[from];
  const hi = ids[to - 1];
  const base = lineage.target[0];
  let beaten = 0;
  const tie = observed.q * (1 - 1e-12);
  const total = settings.permutations;
  if (triedStamp.length < total) triedStamp = new Int32Array(Math.max(total, 2 * triedStamp.length));
  stamp = stamp + 1 | 0;
  if (stamp === 0) {
    triedStamp.fill(0);
    stamp = 1;
  }
  let carry;
  let was = 0;
  let version = 0;
  let margin = 0;
  let read = 0;
  const n = seg.n;
  let sums = withinScratch.length >= n + 1 ? withinScratch : new Float64Array(Math.max(n + 1, 2 * withinScratch.length));
  const beaters = lineage.beaters;
  const firstCount = lineage.beaterCount;
  let newBeaters = 0;
  let p = 0;
  for (let i = 0; ; i++) {
    let q;
    if (i < firstCount) q = beaters[i];
    else {
      while (p < total && triedStamp[p] === stamp) p++;
      if (p >= total) break;
      q = p++;
    }
    if (q >= total || triedStamp[q] === stamp) continue;
    triedStamp[q] = stamp;
    if (carry === void 0 && lineage.bornIn !== calls && read++ >= CARRY_FROM) {
      carry = carrySlot(lineage.seed, values, ids, from, to, total);
      was = carry.slot.version;
      version = ++carryVersion;
      margin = carry.near ? seg.carryMargin(values, from, to) : 0;
    }
    const kept = permutation(lineage, q);
    const slot = carry?.slot;
    const old = slot !== void 0 && carry?.near && slot.stamp[q] === was && slot.chain[q] < CARRY_CHAIN ? slot.within[q] : void 0;
    let beats;
    let chain = 0;
    if (slot !== void 0 && old !== void 0 && seg.carriedBelow(kept, lo, hi, base, old, carryDiff, lineage.seed, q, tie, margin, sums)) {
      beats = false;
      chain = slot.chain[q] + 1;
      carriedRun++;
    } else {
      scansRun++;
      beats = seg.scan(ranks, permutedOrder(kept, lo, hi, base, n), tie, slot === void 0 ? void 0 : sums).q >= tie;
    }
    if (!beats && slot !== void 0) {
      const spare = slot.within[q];
      slot.within[q] = sums;
      sums = spare !== void 0 && spare.length >= n + 1 ? spare : new Float64Array(Math.max(n + 1, 2 * (spare?.length ?? 0)));
      slot.stamp[q] = version;
      slot.chain[q] = chain;
    }
    if (beats) {
      beaten++;
      let at = 0;
      while (at < lineage.beaterCount && beaters[at] !== q) at++;
      if (at === lineage.beaterCount && lineage.beaterCount < BEATERS) lineage.beaterCount++;
      beaters.copyWithin(newBeaters + 1, newBeaters, Math.min(at, BEATERS - 1));
      beaters[newBeaters++] = q;
      if (beaten > allowed) break;
    }
  }
  withinScratch = sums;
  if (carry !== void 0) settleSlot(carry.slot, values, ids, from, to, version);
  if (beaten > allowed) return void 0;
  return { index: from + observed.tau, pValue: (beaten + 1) / (settings.permutations + 1) };
}
function within(lineage, ids, from, to) {
  const t = lineage.target;
  const n = lineage.targetLength;
  const at = lowerBound(t, n, ids[from]);
  if (at + (to - from) > n) return false;
  for (let i = from; i < to; i++) if (t[at + i - from] !== ids[i]) return false;
  return true;
}
function eDivisive(values, settings = DEFAULT_CHANGE_POINT_SETTINGS, seed = 0, from = 0, to = values.length, ids = inOrder(values.length)) {
  calls++;
  const found = [];
  const pending = [[from, to]];
  let keys = ids;
  for (let i = from + 1; i < to && keys === ids; i++) {
    const step = ids[i] - ids[i - 1];
    if (!(step >= 1) || !Number.isInteger(step) || !Number.isSafeInteger(ids[i])) keys = inOrder(values.length);
  }
  if (to > from && !(ids[to - 1] - ids[from] < MAX_SPAN)) keys = inOrder(values.length);
  while (pending.length > 0) {
    const [a, b] = pending.pop();
    if (b - a < 2 * settings.minSize) continue;
    const split = a === from && b === to ? testSplit(values, keys, a, b, settings, seed, true) : testSplitOnce(values, keys, a, b, settings, seed);
    if (!split) continue;
    found.push(split);
    pending.push([a, split.index], [split.index, b]);
  }
  return found.sort((x, y) => x.index - y.index);
}

// src/core/regress/student-t.ts
var LANCZOS = [
  676.5203681218851,
  -1259.1392167224028,
  771.3234287776531,
  -176.6150291621406,
  12.507343278686905,
  -0.13857109526572012,
  9984369578019572e-21,
  15056327351493116e-23
];
function logGamma(x) {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = 0.9999999999998099;
  const t = z + 7.5;
  for (let i = 0; i < LANCZOS.length; i++) a += LANCZOS[i] / (z + i + 1);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}
function betaFraction(a, b, x) {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - (a + b) * x / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 500; m++) {
    const m2 = 2 * m;
    let aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}
function incompleteBeta(x, a, b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return front * betaFraction(a, b, x) / a;
  return 1 - front * betaFraction(b, a, 1 - x) / b;
}
function tUpperTail(t, df) {
  if (!(df > 0)) throw new RangeError(`t distribution needs df > 0, got ${df}`);
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? tail : 1 - tail;
}
var quantiles = /* @__PURE__ */ new Map();
function tUpperQuantile(p, df) {
  if (!(p > 0 && p < 1)) throw new RangeError(`tail probability must lie in (0, 1), got ${p}`);
  if (p > 0.5) return -tUpperQuantile(1 - p, df);
  if (p === 0.5) return 0;
  const key2 = `${p}:${df}`;
  const known = quantiles.get(key2);
  if (known !== void 0) return known;
  let lo = 0;
  let hi = 1;
  while (tUpperTail(hi, df) > p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tUpperTail(mid, df) > p) lo = mid;
    else hi = mid;
  }
  const t = (lo + hi) / 2;
  if (quantiles.size > 4096) quantiles.clear();
  quantiles.set(key2, t);
  return t;
}

// src/core/regress/words.ts
var DETAILS = " (details: docs/alerts.md)";
function withoutDetails(reason) {
  const linked = reason.endsWith(DETAILS);
  return { text: linked ? reason.slice(0, -DETAILS.length) : reason, linked };
}
function signedChange(value, base) {
  return value / base - 1;
}
function changeWord(signed2, direction) {
  if (signed2 === 0) return "unchanged";
  return signed2 > 0 === (direction === "smaller") ? "worse" : "better";
}
function describeChange(value, base, direction) {
  if (base === 0) return value === 0 ? "unchanged" : `from 0, ${changeWord(value, direction)}`;
  return inWords(signedChange(value, base), direction);
}
function inWords(s, direction) {
  const text2 = signedPercent(s);
  const word = changeWord(s, direction);
  return word === "unchanged" || text2 === "0%" ? "unchanged" : `${text2} ${word}`;
}
var FROM_ZERO = "worse, from 0";
function describeWorseChange(worse2, direction) {
  if (worse2 === void 0 || worse2 === null || !Number.isFinite(worse2)) return FROM_ZERO;
  return inWords(direction === "smaller" ? worse2 : -worse2, direction);
}
function reasonBeside(reason, change) {
  const lead = `${change}: `;
  return reason.startsWith(lead) && reason.length > lead.length ? reason.slice(lead.length) : reason;
}

// src/core/regress/detect.ts
var NO_MEMORY = { changePoints: [], regressions: [] };
var ALIKE_LOOKBACK = 8;
var HOST_WAIT = 3;
var RECENT = 20;
var TRIM_Z = 3.5;
var SAME_STEP = 2;
var EARLY_CULPRIT = 4;
var OVERWHELM_STRICTER = 1e3;
var OVERWHELM_EFFECT = 4;
var OVERWHELM_RUNS = 3;
var WARM_UP_RATIO = 2;
function worseChange(value, base, direction) {
  return direction === "smaller" ? value / base - 1 : 1 - value / base;
}
function trimmed(xs) {
  if (xs.length < 4) return xs;
  const s = sortedScratch(xs);
  const m = quantileSorted(s, 0.5);
  for (let i = 0; i < s.length; i++) s[i] = Math.abs(s[i] - m);
  const mad = quantileSorted(s.sort(), 0.5);
  if (mad === 0) return xs;
  const cut = TRIM_Z * 1.4826 * mad;
  let beyond = 0;
  for (const x of xs) if (Math.abs(x - m) > cut) beyond++;
  if (beyond !== 1) return xs;
  return xs.filter((x) => Math.abs(x - m) <= cut);
}
function logRange(logs, a, b) {
  const out = new Array(Math.max(0, b - a));
  for (let i = a; i < b; i++) out[i - a] = logs[i];
  return out;
}
function pieces(from, to, boundaries) {
  const cuts = boundaries.filter((b) => b > from && b <= to).sort((a, b) => a - b);
  const out = [];
  let start = from;
  for (const c of cuts) {
    out.push({ start, end: c - 1 });
    start = c;
  }
  out.push({ start, end: to });
  return out;
}
var fitsOf;
var fits = /* @__PURE__ */ new Map();
function baselineFit(ctx, k) {
  if (fitsOf !== ctx) {
    fitsOf = ctx;
    fits.clear();
  }
  let fit = fits.get(k);
  if (fit === void 0) fits.set(k, fit = fitBaseline(ctx, k));
  return fit;
}
function fitBaseline(ctx, k) {
  const { pts, logs, settings } = ctx;
  const t = pts.length - 1;
  const end = t - k;
  if (end + 1 < settings.minHistory) {
    const earlier = Math.max(0, t);
    const needed2 = settings.minHistory + k - 1;
    if (ctx.comparing) {
      return earlier === 0 ? `the published trend holds no point of this case yet; ${needed2} are needed to judge a pull request against it` : `the published trend holds ${earlier} commit${earlier === 1 ? "" : "s"} of this case; ${needed2} are needed to judge a pull request against it`;
    }
    return `${earlier} earlier commit${earlier === 1 ? "" : "s"} on record; ${needed2} are needed before alerting`;
  }
  const start = Math.max(0, end - settings.window + 1);
  const levels2 = pieces(start, t, ctx.boundaries);
  const current2 = levels2[levels2.length - 1];
  if (current2.start > t - k + 1) return "a change point lies inside the run being tested";
  const sinceSha = ctx.boundaries.includes(current2.start) ? pts[current2.start]?.sha : void 0;
  const nCur = end - current2.start + 1;
  const needed = current2.start === ctx.openLevel?.index ? 1 : Math.min(settings.changePoints.minSize, settings.minHistory);
  if (nCur < needed) {
    return `only ${nCur} commit${nCur === 1 ? "" : "s"} since the step at ${(sinceSha ?? "").slice(0, 7)}; ${needed} are needed`;
  }
  let ss = 0;
  let df = 0;
  let mu = 0;
  let kept = 0;
  for (const level2 of levels2) {
    const last = Math.min(level2.end, end);
    if (last < level2.start) continue;
    const xs = trimmed(logRange(logs, level2.start, last + 1));
    ss += sumNthPowerDeviations(xs, 2);
    df += xs.length - 1;
    if (level2 === current2) {
      mu = mean(xs);
      kept = xs.length;
    }
  }
  if (df < 2) return "too few commits to estimate the noise";
  const values = new Array(end + 1 - current2.start);
  for (let j = current2.start; j <= end; j++) values[j - current2.start] = pts[j].value;
  const vs = sortedScratch(values);
  return {
    s: Math.sqrt(ss / df),
    df,
    mu,
    kept,
    median: quantileSorted(vs, 0.5),
    q1: quantileSorted(vs, 0.25),
    q3: quantileSorted(vs, 0.75),
    count: nCur,
    ...sinceSha !== void 0 ? { sinceSha } : {}
  };
}
function baselineTest(ctx, k, p) {
  const fit = baselineFit(ctx, k);
  if (typeof fit === "string") return fit;
  const { pts, logs, settings, sgn, direction } = ctx;
  const t = pts.length - 1;
  const { s, df, mu, kept, median: med } = fit;
  const q = tUpperQuantile(p, df);
  const bound = q * s * Math.sqrt(1 + 1 / kept);
  const baseline = {
    median: med,
    q1: fit.q1,
    q3: fit.q3,
    count: fit.count,
    limit: Math.exp(mu + sgn * bound),
    ...fit.sinceSha !== void 0 ? { sinceSha: fit.sinceSha } : {}
  };
  let worse2 = true;
  let better = true;
  for (let j = t - k + 1; j <= t; j++) {
    const w = sgn * (logs[j] - mu);
    const value = pts[j].value;
    const change = worseChange(value, med, direction);
    const bigEnough = ctx.floor === void 0 || Math.abs(value - med) >= ctx.floor;
    if (!(w > bound && change >= settings.minEffect && bigEnough)) worse2 = false;
    if (!(-w > bound && Math.abs(value / med - 1) >= settings.minEffect && change < 0 && bigEnough)) better = false;
  }
  return { k, beyond: worse2 ? "worse" : better ? "better" : "none", baseline, bound, mu, df, p };
}
function levelMedian(logs, a, b) {
  return median(logRange(logs, a, b));
}
function meaningfulSplits(ctx, from, to, splits) {
  const kept = [...splits];
  const minLog = Math.log1p(ctx.settings.minEffect);
  for (; ; ) {
    let weakest = -1;
    let weakestEffect = Infinity;
    for (let i = 0; i < kept.length; i++) {
      const a = i === 0 ? from : kept[i - 1].index;
      const b = kept[i].index;
      const c = i === kept.length - 1 ? to : kept[i + 1].index;
      const before = levelMedian(ctx.logs, a, b);
      const after = levelMedian(ctx.logs, b, c);
      const effect = Math.abs(after - before);
      const floorOk = ctx.floor === void 0 || Math.abs(Math.exp(after) - Math.exp(before)) >= ctx.floor;
      const score = effect >= minLog && floorOk ? Infinity : effect;
      if (score < weakestEffect) {
        weakestEffect = score;
        weakest = i;
      }
    }
    if (weakest < 0 || weakestEffect === Infinity) return kept;
    kept.splice(weakest, 1);
  }
}
function earliestStarts(ctx, from, to, splits) {
  const minSize = ctx.settings.changePoints.minSize;
  return splits.map((s, i) => {
    const prevB = i === 0 ? from : splits[i - 1].index;
    if (s.index - prevB !== minSize) return s;
    const nextB = i === splits.length - 1 ? to : splits[i + 1].index;
    const before = levelMedian(ctx.logs, prevB, s.index);
    const after = levelMedian(ctx.logs, s.index, Math.min(nextB, s.index + ctx.settings.window));
    let c = s.index;
    while (c - 1 > prevB && Math.abs(ctx.logs[c - 1] - after) < Math.abs(ctx.logs[c - 1] - before)) c--;
    return c === s.index ? s : { ...s, index: c };
  });
}
function earlierMedian(ctx, k) {
  const before = ctx.pts.slice(0, Math.max(0, ctx.pts.length - k)).map((p) => p.value);
  return before.length ? median(before) : void 0;
}
function overwhelming(ctx) {
  const { pts, settings, direction } = ctx;
  const t = pts.length - 1;
  if (ctx.hostMoved !== false) return void 0;
  const strict = baselineTest(ctx, 1, ctx.alphaCase / OVERWHELM_STRICTER);
  if (typeof strict === "string" || strict.beyond !== "worse") return void 0;
  const med = strict.baseline.median;
  const change = worseChange(pts[t].value, med, direction);
  if (change < OVERWHELM_EFFECT * settings.minEffect) return void 0;
  const baselinePoints = pts.slice(t - strict.baseline.count, t);
  const worst = Math.max(0, ...baselinePoints.map((p) => worseChange(p.value, med, direction)));
  if (!(change > 2 * worst)) return void 0;
  const newest = pts[t];
  if (newest.runs < OVERWHELM_RUNS) return void 0;
  if (newest.summaryOnly === true) return void 0;
  const near = direction === "smaller" ? newest.q1 : newest.q3;
  const mu = strict.mu;
  const bound = strict.bound * tUpperQuantile(ctx.alphaCase, strict.df) / tUpperQuantile(strict.p, strict.df);
  if (!(near > 0) || !(ctx.sgn * (Math.log(near) - mu) > bound)) return void 0;
  return strict;
}
var SEEN_CHANCE_PAIR = 1e-4;
var SEEN_CHANCE_LONGER = 3e-4;
var SEEN_LOOKBACK = 60;
function seenBefore(ctx, test) {
  const t = ctx.pts.length - 1;
  const first = t - test.k + 1;
  const mu = test.mu;
  const excess = (j) => ctx.sgn * (ctx.logs[j] - mu);
  const from = first - test.baseline.count;
  let start = first;
  while (start > from && excess(start - 1) > test.bound) start--;
  const run = t - start + 1;
  let least = Infinity;
  for (let j = start; j <= t; j++) least = Math.min(least, excess(j));
  const level2 = ctx.boundaries.filter((b) => b <= start).pop() ?? 0;
  const since = Math.min(from, Math.max(level2, start - SEEN_LOOKBACK));
  const n = start - since;
  let m = 0;
  for (let j = since; j < start; j++) if (excess(j) > least) m++;
  if (m === 0 || ((m + 1) / (n + 2)) ** run < (run >= 3 ? SEEN_CHANCE_LONGER : SEEN_CHANCE_PAIR)) return void 0;
  const side = ctx.direction === "smaller" ? "above" : "below";
  const runText = run === 1 ? "the newest commit is" : `${run} commits in a row are`;
  return `${runText} ${side} ${quantity(test.baseline.limit, ctx.series.unit)}, but ${m} of the ${n} commits before ${m === 1 ? "was" : "were"} further out, so the case often looks like this; a longer run or a lasting level will tell${DETAILS}`;
}
function returnToOlder(ctx, test) {
  const t = ctx.pts.length - 1;
  const first = t - test.k + 1;
  const start = ctx.boundaries.filter((b) => b <= first).pop();
  if (start === void 0 || start === 0 || first - start >= ctx.settings.changePoints.stableAfter) return void 0;
  const older = Math.max(ctx.boundaries.filter((b) => b < start).pop() ?? 0, start - ctx.settings.window);
  if (start - older < 2) return void 0;
  const before = levelMedian(ctx.logs, older, start);
  const now = levelMedian(ctx.logs, start, first);
  if (!(ctx.sgn * (before - now) >= Math.log1p(ctx.settings.minEffect))) return void 0;
  const keep = [];
  for (let i = 0; i < start; i++) keep.push(i);
  for (let i = first; i <= t; i++) keep.push(i);
  const pts = keep.map((i) => ctx.pts[i]);
  const logs = Float64Array.from(keep.map((i) => ctx.logs[i]));
  const old = baselineTest({ ...ctx, pts, logs, boundaries: ctx.boundaries.filter((b) => b < start) }, test.k, test.p);
  if (typeof old === "string" || old.beyond === "worse") return void 0;
  const muOld = old.mu;
  let better = 0;
  for (let i = start; i < first; i++) if (-ctx.sgn * (ctx.logs[i] - muOld) > old.bound) better++;
  const sha = ctx.pts[start].sha.slice(0, 7);
  if (better < ctx.settings.changePoints.minSize) {
    return `back at about the level before the better spell at ${sha} (median ${quantity(old.baseline.median, ctx.series.unit)}; ${better} commit${better === 1 ? "" : "s"} clearly better): the improvement went away, which is not a regression`;
  }
  const trips = earlierSpells(ctx, older, muOld, now, old.bound);
  if (trips < ctx.settings.changePoints.minSize) return void 0;
  return `back at about the level before the better spell at ${sha} (median ${quantity(old.baseline.median, ctx.series.unit)}), as it came back before from ${trips} earlier commits as good as that spell: a round trip this case makes, not a regression`;
}
function earlierSpells(ctx, end, mu, spell, bound) {
  let n = 0;
  for (let i = 0; i < end; i++) {
    const x = ctx.logs[i];
    if (-ctx.sgn * (x - mu) > bound && Math.abs(x - spell) <= bound) n++;
  }
  return n;
}
function newestBeyond(ctx, test, p) {
  const t = ctx.pts.length - 1;
  const mu = test.mu;
  const bound = test.bound * tUpperQuantile(p, test.df) / tUpperQuantile(test.p, test.df);
  return ctx.sgn * (ctx.logs[t] - mu) > bound;
}
function tooWide(ctx, r) {
  const limit = r.baseline.limit;
  const ratio = ctx.direction === "smaller" ? limit / r.baseline.median : r.baseline.median / limit;
  return ratio >= WARM_UP_RATIO;
}
function limitVerdict(ctx) {
  const { settings, direction } = ctx;
  const newest = ctx.pts[ctx.pts.length - 1];
  const runs2 = [];
  for (let k = settings.alertAfter; k <= settings.maxRun; k++) runs2.push(k);
  const share = ctx.alphaCase / Math.max(1, runs2.length);
  let lastMissing = "";
  let found;
  let improved;
  let anyTest;
  for (const k of runs2) {
    const r = baselineTest(ctx, k, share ** (1 / k));
    if (typeof r === "string") {
      lastMissing ||= r;
      continue;
    }
    anyTest ??= r;
    if (r.beyond === "worse") found = r;
    if (r.beyond === "better") improved ??= r;
  }
  const episode = alikeEpisode(ctx);
  const hostWaited = ctx.hostMoved === true && ctx.hostLead >= HOST_WAIT;
  const hostEpisode = (ctx.hostMoved !== true || hostWaited) && ctx.hostLead >= 1 ? Math.min(HOST_WAIT, ctx.hostLead) + 1 : 0;
  if (hostEpisode > settings.maxRun && !(episode > settings.maxRun)) {
    const r = baselineTest(ctx, hostEpisode, share ** (1 / hostEpisode));
    if (typeof r !== "string" && r.beyond === "worse" && newestBeyond(ctx, r, share ** (1 / (hostWaited ? settings.maxRun : 2)))) found = r;
  }
  if (episode > settings.maxRun) {
    const r = baselineTest(ctx, episode, share ** (1 / episode));
    if (typeof r !== "string" && r.beyond === "worse" && newestBeyond(ctx, r, share ** (1 / 2))) found = r;
  }
  const unit = ctx.series.unit;
  const side = direction === "smaller" ? "above" : "below";
  const describe2 = (r, better) => {
    const limit = r.baseline.limit;
    const bound = better ? Math.exp(2 * Math.log(r.baseline.median) - Math.log(limit)) : limit;
    const where2 = better ? side === "above" ? "below" : "above" : side;
    const runText = r.k === 1 ? "the newest commit is" : `${r.k} commits in a row are`;
    return `${describeChange(newest.value, r.baseline.median, direction)}: ${runText} ${where2} ${quantity(bound, unit)}, ${where2 === "above" ? "the most" : "the least"} that the last ${r.baseline.count} commits make plausible${DETAILS}`;
  };
  if (found) {
    const held = seenBefore(ctx, found) ?? returnToOlder(ctx, found);
    if (held) return { kind: "watch", test: found, reason: `${describeChange(newest.value, found.baseline.median, direction)}: ${held}` };
    return { kind: "regressed", test: found, reason: describe2(found, false) };
  }
  if (settings.alertAfter > 1) {
    const strong = overwhelming(ctx);
    if (strong) {
      return {
        kind: "regressed",
        test: strong,
        reason: `${describeChange(newest.value, strong.baseline.median, direction)}: one commit far ${side} ${quantity(strong.baseline.limit, unit)}, so far beyond anything the last ${strong.baseline.count} commits show that it alerts at once${DETAILS}`
      };
    }
    const single = baselineTest(ctx, 1, ctx.alphaCase);
    if (typeof single !== "string" && single.beyond === "worse" && !tooWide(ctx, single)) {
      return {
        kind: "watch",
        test: single,
        reason: `${describeChange(newest.value, single.baseline.median, direction)}: the newest commit alone is ${side} ${quantity(single.baseline.limit, unit)}; one slow host looks like this, so ${settings.alertAfter} in a row are needed to alert`
      };
    }
    if (!anyTest && typeof single !== "string") anyTest = single;
  }
  if (anyTest && tooWide(ctx, anyTest)) {
    const n = anyTest.baseline.count;
    return {
      kind: "not-enough-history",
      test: anyTest,
      reason: `too little history to judge ${describeChange(newest.value, anyTest.baseline.median, direction)}: ${n} point${n === 1 ? "" : "s"}, whose spread puts the limit at ${quantity(anyTest.baseline.limit, unit)}, too wide to catch a doubling`
    };
  }
  if (improved) return { kind: "improved", test: improved, reason: describe2(improved, true) };
  if (!anyTest) {
    const before = earlierMedian(ctx, 1);
    const judged2 = before !== void 0 ? `too little history to judge ${describeChange(newest.value, before, direction)}: ` : "too little history: ";
    return { kind: "not-enough-history", reason: `${judged2}${lastMissing}` };
  }
  const change = describeChange(newest.value, anyTest.baseline.median, direction);
  if (newestBeyond(ctx, anyTest, anyTest.p)) {
    const worse2 = worseChange(newest.value, anyTest.baseline.median, direction);
    const why = worse2 < settings.minEffect ? `less than min-effect (${shortNumber(settings.minEffect * 100)}%), which never alerts however steady the case` : ctx.floor !== void 0 && Math.abs(newest.value - anyTest.baseline.median) < ctx.floor ? `a change smaller than the absolute floor of ${quantity(ctx.floor, unit)}, which never alerts` : void 0;
    if (why) return { kind: "unchanged", test: anyTest, reason: `${change}: ${side} ${quantity(anyTest.baseline.limit, unit)}, but ${why}` };
    const single = settings.alertAfter > 1 ? baselineTest(ctx, 1, ctx.alphaCase) : void 0;
    if (single !== void 0 && typeof single !== "string" && !newestBeyond(ctx, single, single.p)) {
      const limit = quantity(single.baseline.limit, unit);
      return {
        kind: "unchanged",
        test: anyTest,
        reason: `${change}: within ${limit}, ${side === "above" ? "the most" : "the least"} that the last ${single.baseline.count} commits make plausible for one commit (${settings.alertAfter} in a row ${side} ${quantity(anyTest.baseline.limit, unit)} would alert)`
      };
    }
  }
  return { kind: "unchanged", test: anyTest, reason: `${change}: within ${quantity(anyTest.baseline.limit, unit)}, ${side === "above" ? "the most" : "the least"} that the last ${anyTest.baseline.count} commits make plausible` };
}
function previousEntrySeqs(entries) {
  const shaOf = /* @__PURE__ */ new Map();
  for (const e of entries) shaOf.set(e.seq, e.sha);
  const out = /* @__PURE__ */ new Map();
  let newest;
  let beforeRun;
  for (const seq of [...shaOf.keys()].sort((a, b) => a - b)) {
    const sha = shaOf.get(seq);
    if (newest !== void 0 && shaOf.get(newest) !== sha) beforeRun = newest;
    if (beforeRun !== void 0) out.set(seq, beforeRun);
    newest = seq;
  }
  return out;
}
function ratioVerdict(ctx) {
  const { settings, direction } = ctx;
  const all = ctx.series.points;
  const cur = all[all.length - 1];
  const prev = all[all.length - 2];
  if (!prev) return { kind: "not-enough-history", reason: "no previous commit to compare with" };
  if (cur.previousSeq !== void 0 && prev.seq !== cur.previousSeq) {
    return { kind: "not-enough-history", reason: "not benched at the previous commit, so the ratio rule has nothing to compare with" };
  }
  const ratio = prev.value === 0 && cur.value === 0 ? 1 : direction === "smaller" ? cur.value / prev.value : prev.value / cur.value;
  const baseline = { median: prev.value, q1: prev.q1, q3: prev.q3, count: 1, sinceSha: prev.sha };
  const change = prev.value > 0 ? `${describeChange(cur.value, prev.value, direction)}: ` : "";
  const text2 = Number.isFinite(ratio) ? direction === "smaller" ? `${change}${Math.round(ratio * 100)}% of the previous commit ${prev.sha.slice(0, 7)}` : `${change}the previous commit ${prev.sha.slice(0, 7)} was ${Math.round(ratio * 100)}% of this` : `from ${levels(ctx.series.unit, prev.value, cur.value)} since the previous commit ${prev.sha.slice(0, 7)}, no ratio to a zero`;
  if (ratio > settings.ratioThreshold) {
    return { kind: "regressed", baseline, reason: `${text2}, above the alert threshold of ${Math.round(settings.ratioThreshold * 100)}%` };
  }
  if (1 / ratio > settings.ratioThreshold) return { kind: "improved", baseline, reason: `${text2}` };
  return { kind: "unchanged", baseline, reason: `${text2}, within the alert threshold of ${Math.round(settings.ratioThreshold * 100)}%` };
}
function alikeRuns(options) {
  const before = options.jobMovedAlikeBefore;
  if (before === void 0) return {};
  let lead = 0;
  while (lead < before.length && before[lead] === true) lead++;
  return { alikeRun: options.jobMovedAlike === true ? lead + 1 : 0, alikeBefore: lead };
}
var SeqIndex = class {
  constructor(pts) {
    this.pts = pts;
  }
  pts;
  map;
  built() {
    if (this.map) return this.map;
    const map = /* @__PURE__ */ new Map();
    for (let i = 0; i < this.pts.length; i++) map.set(this.pts[i].seq, i);
    return this.map = map;
  }
  has(seq) {
    return this.built().has(seq);
  }
  get(seq) {
    return this.built().get(seq);
  }
};
function movedAlikeAt(options, count) {
  const before = options.jobMovedAlikeBefore ?? [];
  return (index) => index === count - 1 ? options.jobMovedAlike : before[count - 2 - index];
}
var lastLogs;
var lastPoints = [];
function logOf(p) {
  return Math.log(Math.max(p.value, Number.MIN_VALUE));
}
function logsOf(pts) {
  const n = pts.length;
  const logs = new Float64Array(n);
  const before = lastPoints;
  const shift = !lastLogs ? -1 : before.length === n ? 1 : before.length === n - 1 ? 0 : -1;
  let carried = shift >= 0 && n > 1;
  for (let i = 0; carried && i < n - 1; i++) if (pts[i] !== before[i + shift]) carried = false;
  if (carried && lastLogs) {
    logs.set(lastLogs.subarray(shift, shift + n - 1));
    logs[n - 1] = logOf(pts[n - 1]);
  } else {
    for (let i = 0; i < n; i++) logs[i] = logOf(pts[i]);
  }
  lastLogs = logs;
  lastPoints.length = n;
  for (let i = 0; i < n; i++) lastPoints[i] = pts[i];
  return logs;
}
function judged(all, limit) {
  let positive = true;
  for (let i = 0; i < all.length - 1 && positive; i++) if (!(all[i].value > 0)) positive = false;
  if (positive && all.length <= limit) return all;
  return all.filter((p, i) => p.value > 0 || i === all.length - 1).slice(-limit);
}
function prepare(series, given, options) {
  const mode = options.mode ?? "push";
  const settings = mode === "compare" ? { ...given, alertAfter: 1, maxRun: 1 } : given;
  const all = series.points;
  const newest = all[all.length - 1];
  if (!newest) throw new RangeError(`${series.case}: no point to assess`);
  const pts = judged(all, settings.changePoints.scanLimit);
  const logs = logsOf(pts);
  const indexOf = new SeqIndex(pts);
  const ctx = {
    series,
    pts,
    logs,
    direction: series.direction,
    sgn: series.direction === "smaller" ? 1 : -1,
    settings,
    floor: floorIn(settings.floors, series.unit),
    boundaries: [],
    comparing: mode === "compare",
    alphaCase: 1 - settings.confidence ** (1 / Math.max(1, options.suiteCases)),
    ...options.hostMoved !== void 0 ? { hostMoved: options.hostMoved } : {},
    ...alikeRuns(options),
    hostLead: hostLead(options),
    movedAlike: movedAlikeAt(options, pts.length),
    ...options.controlsMovedSince ? { controlsMovedSince: options.controlsMovedSince } : {}
  };
  return { ctx, newest, indexOf };
}
var seqScratch = new Float64Array(0);
function seqsOf(pts) {
  if (seqScratch.length < pts.length) seqScratch = new Float64Array(Math.max(pts.length, 2 * seqScratch.length));
  for (let i = 0; i < pts.length; i++) seqScratch[i] = pts[i].seq;
  return seqScratch;
}
function scanChangePoints(ctx, memory, indexOf) {
  const { pts, logs, series, settings, direction } = ctx;
  const cp = settings.changePoints;
  const t = pts.length - 1;
  const known = memory.changePoints.filter((c) => indexOf.has(c.seq)).map((c) => ({ ...c, index: indexOf.get(c.seq) }));
  const confirmedIdx = known.filter((c) => c.status === "confirmed").map((c) => c.index);
  const regionStart = confirmedIdx.length ? Math.max(...confirmedIdx) : 0;
  const settled = t + 1 - cp.minSize - SAME_STEP;
  const scanned = eDivisive(logs, cp, hashString(`${series.suite}\0${series.case}`), regionStart, t + 1, seqsOf(pts)).filter((s) => s.index <= settled);
  const splits = earliestStarts(ctx, regionStart, t + 1, meaningfulSplits(ctx, regionStart, t + 1, scanned));
  const found = splits.map((s, i) => {
    const prevB = i === 0 ? regionStart : splits[i - 1].index;
    const nextB = i === splits.length - 1 ? t + 1 : splits[i + 1].index;
    const before = Math.exp(levelMedian(logs, prevB, s.index));
    const after = Math.exp(levelMedian(logs, s.index, nextB));
    const same = known.filter((c) => c.status !== "confirmed" && Math.abs(c.index - s.index) <= SAME_STEP).sort((a, b) => Math.abs(a.index - s.index) - Math.abs(b.index - s.index))[0];
    const at = pts[s.index];
    const pointsAfter = t - s.index + 1;
    const status = pointsAfter >= cp.stableAfter ? "confirmed" : "suspected";
    return {
      sha: at.sha,
      seq: at.seq,
      ...same && same.sha !== at.sha ? { movedFrom: same.sha } : {},
      index: s.index,
      before,
      after,
      change: worseChange(after, before, direction),
      pValue: s.pValue,
      status,
      pointsAfter,
      isNew: !same,
      newlyConfirmed: status === "confirmed"
    };
  });
  return { known, found, regionStart };
}
function settleSuspicions(ctx, memory, indexOf, known, found) {
  const t = ctx.pts.length - 1;
  const clearAfter = 2 * ctx.settings.changePoints.minSize;
  const explainsStep = (a, c) => a - c >= -EARLY_CULPRIT && a - c <= clearAfter;
  const transitions = [];
  const steps = [
    ...found.map((c) => ({ index: c.index, change: c.change, sha: c.sha, final: c.newlyConfirmed })),
    ...known.filter((c) => c.status === "confirmed").map((c) => ({ index: c.index, change: c.change ?? 0, sha: c.sha, final: false }))
  ];
  const explainedBy = /* @__PURE__ */ new Set();
  const stillOpen = [];
  const named = memory.regressions.flatMap((r) => indexOf.has(r.seq) ? [{ index: indexOf.get(r.seq), cleared: r.status === "cleared" }] : []);
  const nearestTo = (a, st) => named.every((other) => other.cleared && !st.final || Math.abs(other.index - st.index) >= Math.abs(a - st.index));
  for (const r of memory.regressions) {
    if (r.status === "confirmed" || !indexOf.has(r.seq)) continue;
    const a = indexOf.get(r.seq);
    const eligible = steps.filter((st) => explainsStep(a, st.index) && nearestTo(a, st) && st.change > 0 && (r.status === "suspected" || st.final));
    const step = eligible.reduce((best, st) => best === void 0 || Math.abs(a - st.index) < Math.abs(a - best.index) ? st : best, void 0);
    if (step) {
      explainedBy.add(step.sha);
      const again = r.status === "cleared" ? " after all" : "";
      transitions.push({ kind: "regression", sha: r.sha, seq: r.seq, status: "confirmed", reason: `confirmed${again}: a lasting step, ${describeWorseChange(step.change, ctx.direction)} over the ${t - step.index} commits since` });
    } else if (r.status === "suspected" && t - a >= clearAfter) {
      transitions.push({ kind: "regression", sha: r.sha, seq: r.seq, status: "cleared", reason: `cleared: no lasting step around it after ${t - a} more commits` });
    } else if (r.status === "suspected") {
      stillOpen.push({ sha: r.sha, seq: r.seq, index: a });
    }
  }
  for (const r of memory.regressions) {
    if (r.status === "confirmed" && indexOf.has(r.seq)) {
      const a = indexOf.get(r.seq);
      for (const st of steps) if (explainsStep(a, st.index)) explainedBy.add(st.sha);
    }
  }
  const explainedByRaised = (c) => memory.regressions.some((r) => r.status !== "cleared" && indexOf.has(r.seq) && explainsStep(indexOf.get(r.seq), c));
  return { transitions, explainedBy, stillOpen, explainedByRaised };
}
function openRegressionLevel(ctx, memory, indexOf) {
  const t = ctx.pts.length - 1;
  const open2 = memory.regressions.filter((r) => r.status !== "cleared" && indexOf.has(r.seq)).map((r) => ({ sha: r.sha, index: indexOf.get(r.seq) })).filter((r) => r.index > 0 && r.index < t).sort((a, b) => b.index - a.index)[0];
  if (!open2) return void 0;
  const before = median(logRange(ctx.logs, Math.max(0, open2.index - ctx.settings.window), open2.index));
  const since = median(logRange(ctx.logs, open2.index, t));
  return ctx.sgn * (since - before) >= Math.log1p(ctx.settings.minEffect) ? open2 : void 0;
}
function restartsOf(known, found, settled) {
  const confirmedIdx = known.filter((c) => c.status === "confirmed").map((c) => c.index);
  return Array.from(
    /* @__PURE__ */ new Set([
      ...confirmedIdx,
      ...found.filter((c) => c.change <= 0 || c.newlyConfirmed || settled.explainedBy.has(c.sha) || settled.explainedByRaised(c.index)).map((c) => c.index)
    ])
  ).sort((a, b) => a - b);
}
var CULPRIT_BACK = 10;
var CULPRIT_RUNAWAY = 3;
function culpritIndex(ctx, test, currentStart) {
  const t = ctx.pts.length - 1;
  const first = t - test.k + 1;
  const mu = test.mu;
  const excess = (j) => ctx.sgn * (ctx.logs[j] - mu);
  const run = [];
  for (let j = first; j <= t; j++) run.push(excess(j));
  const level2 = median(run);
  const base = logRange(ctx.logs, currentStart, first);
  const spread2 = base.length >= 3 ? 1.4826 * medianAbsoluteDeviation(base) : 0;
  const kept = (j) => j === first || (j > first ? ctx.movedAlike(j) !== true : ctx.movedAlike(j) !== true && !(spread2 > 0 && excess(j) > level2 + CULPRIT_RUNAWAY * spread2));
  const from = currentStart;
  const count = new Float64Array(t - from + 2);
  const sum = new Float64Array(t - from + 2);
  for (let j = from; j <= t; j++) {
    const keep = kept(j);
    count[j - from + 1] = count[j - from] + (keep ? 1 : 0);
    sum[j - from + 1] = sum[j - from] + (keep ? excess(j) : 0);
  }
  const totalN = count[t - from + 1];
  const totalS = sum[t - from + 1];
  let best = first;
  let bestStat = -Infinity;
  const runN = count[first - from];
  const runS = sum[first - from];
  for (let c = Math.max(currentStart + 1, first - CULPRIT_BACK); c <= t; c++) {
    if (!kept(c)) continue;
    const gapN = runN - count[c - from];
    if (c < first && gapN > 0 && (runS - sum[c - from]) / gapN < level2 / 3) continue;
    const nb = count[c - from];
    const na = totalN - nb;
    if (nb < 1 || na < 1) continue;
    const sb = sum[c - from];
    const d = (totalS - sb) / na - sb / nb;
    const stat3 = d * Math.abs(d) * na * nb / (na + nb);
    if (stat3 >= bestStat) {
      bestStat = stat3;
      best = c;
    }
  }
  return best;
}
function raiseRegression(ctx, memory, indexOf, settled, currentStart, decided) {
  const t = ctx.pts.length - 1;
  const culprit = ctx.pts[decided.culprit ?? t - decided.k + 1];
  const clearAfter = 2 * ctx.settings.changePoints.minSize;
  const recent2 = memory.regressions.filter((r) => r.status !== "cleared" && indexOf.has(r.seq)).map((r) => ({ sha: r.sha, seq: r.seq, status: r.status, index: indexOf.get(r.seq) })).filter((r) => r.index >= currentStart && t - r.index <= clearAfter).filter((r) => !settled.transitions.some((tr) => tr.sha === r.sha && tr.status === "cleared"));
  const openHere = ctx.settings.method === "limit" ? [...settled.stillOpen.map((r) => ({ ...r, status: "suspected" })), ...recent2].sort((a, b) => a.index - b.index).pop() : void 0;
  if (openHere) {
    const ongoing = { sha: openHere.sha, status: settled.transitions.find((tr) => tr.sha === openHere.sha)?.status ?? openHere.status };
    return { ongoing, reason: withCaveat(decided.reason, `still beyond the limit since ${openHere.sha.slice(0, 7)}`) };
  }
  if (decided.culprit === t && decided.k > 1 && decided.atOnce !== true) {
    const side = ctx.direction === "smaller" ? "above" : "below";
    const change2 = describeChange(ctx.pts[t].value, decided.baseline.median, ctx.direction);
    return {
      waits: true,
      reason: `${change2}: ${decided.k} commits in a row are ${side} ${quantity(decided.baseline.limit, ctx.series.unit)}, but the step would start at the newest alone, the ones before it only just ${side}; one commit looks like this, so the next one decides${DETAILS}`
    };
  }
  const newest = ctx.pts[t];
  const change = worseChange(newest.value, decided.baseline.median, ctx.direction);
  const reason = culprit.sha === newest.sha ? decided.reason : withCaveat(decided.reason, `the step starts at ${culprit.sha.slice(0, 7)}`);
  const alert = {
    kind: "regression",
    sha: culprit.sha,
    seq: culprit.seq,
    baseline: decided.baseline.median,
    value: newest.value,
    ...Number.isFinite(change) ? { change } : {},
    reason
  };
  return { alert, reason };
}
function lastingStep(ctx, found, c) {
  const i = found.indexOf(c);
  const next = found[i + 1];
  const t = ctx.pts.length - 1;
  const minLog = Math.log1p(ctx.settings.minEffect);
  if (next && next.index - c.index < ctx.settings.changePoints.stableAfter && ctx.sgn * Math.log(next.after / c.before) < minLog) return false;
  const prev = found[i - 1];
  const from = Math.max(prev ? prev.index : 0, c.index - ctx.settings.window);
  const to = Math.min(next ? next.index : t + 1, c.index + ctx.settings.window);
  const before = logRange(ctx.logs, from, c.index);
  const after = logRange(ctx.logs, c.index, to);
  if (before.length < 2 || after.length < 2) return true;
  const mb = median(before);
  const ma = median(after);
  if (shareShift(ctx.sgn, before, after, ma - mb)) return false;
  const spread2 = 1.4826 * median([...before.map((x) => Math.abs(x - mb)), ...after.map((x) => Math.abs(x - ma))]);
  if (!(spread2 > 0)) return true;
  const se = Math.sqrt(Math.PI / 2) * spread2 * Math.sqrt(1 / before.length + 1 / after.length);
  return Math.abs(ma - mb) / se > tUpperQuantile(ctx.alphaCase, before.length + after.length - 2);
}
var SHARE_SHIFT = 1 / 3;
function shareShift(sgn, before, after, medianMove) {
  const better = (xs) => quantileSorted(sorted(xs.map((x) => sgn * x)), 0.25);
  const move = sgn * medianMove;
  return move > 0 && better(after) - better(before) < SHARE_SHIFT * move;
}
function raiseStep(ctx, found, settled) {
  const t = ctx.pts.length - 1;
  const fresh = found.filter((c) => c.newlyConfirmed && c.change > 0 && c.index >= t - 2 * ctx.settings.window && !settled.explainedBy.has(c.sha)).filter((c) => !settled.explainedByRaised(c.index)).filter((c) => ctx.controlsMovedSince?.(ctx.pts[Math.max(0, c.index - ctx.settings.window)].seq, c.seq) !== true).filter((c) => lastingStep(ctx, found, c)).sort((a, b) => b.change - a.change)[0];
  if (!fresh) return void 0;
  const reason = `${describeWorseChange(fresh.change, ctx.direction)}: a lasting step starts at ${fresh.sha.slice(0, 7)}, median ${levels(ctx.series.unit, fresh.before, fresh.after, " \u2192 ")} over the ${fresh.pointsAfter} commits since${DETAILS}`;
  return { reason, alert: { kind: "change-point", sha: fresh.sha, seq: fresh.seq, baseline: fresh.before, value: fresh.after, change: fresh.change, reason } };
}
function withCaveat(reason, caveat) {
  return wrapped("", reason, `; ${caveat}`);
}
function wrapped(before, reason, after) {
  const { text: text2, linked } = withoutDetails(reason);
  return `${before}${text2}${after}${linked ? DETAILS : ""}`;
}
function alikeEpisode(ctx) {
  return ctx.alikeRun === 0 && (ctx.alikeBefore ?? 0) >= 1 ? Math.min(ALIKE_LOOKBACK, ctx.alikeBefore) + 1 : 0;
}
function hostRunOf(ctx) {
  return ctx.hostMoved === true ? ctx.hostLead + 1 : 0;
}
function hostLead(options) {
  const b = options.hostMovedBefore ?? [];
  let lead = 0;
  while (lead < b.length && b[lead] === true) lead++;
  return lead;
}
function runBeganWithHost(options, k) {
  return (options.hostMovedBefore ?? []).slice(0, k - 1).some((h) => h === true);
}
function assessCase(series, memory, given, options) {
  const mode = options.mode ?? "push";
  const { ctx: preCtx, newest, indexOf } = prepare(series, given, options);
  const base = {
    suite: series.suite,
    case: series.case,
    unit: series.unit,
    direction: series.direction,
    sha: newest.sha,
    seq: newest.seq,
    value: newest.value,
    q1: newest.q1,
    q3: newest.q3,
    runs: newest.runs,
    n: newest.n,
    recent: series.points.slice(-RECENT).map((p) => p.value)
  };
  const method = preCtx.settings.method;
  const empty2 = { suite: series.suite, case: series.case, unit: series.unit, direction: series.direction, fromSeq: newest.seq, toSeq: newest.seq, found: [] };
  if (!(newest.value > 0) && method === "ratio") {
    const decided2 = ratioVerdict(preCtx);
    const prev = series.points[series.points.length - 2];
    const alert2 = decided2.kind === "regressed" && prev ? { kind: "regression", sha: newest.sha, seq: newest.seq, baseline: prev.value, value: newest.value, change: worseChange(newest.value, prev.value, series.direction), reason: decided2.reason } : void 0;
    const verdict2 = { ...base, kind: decided2.kind, method, ...decided2.baseline ? { baseline: decided2.baseline } : {}, reason: decided2.reason, ...alert2 ? { alert: alert2 } : {}, transitions: [] };
    return { verdict: verdict2, changePoints: empty2 };
  }
  if (!(newest.value > 0)) {
    const verdict2 = { ...base, kind: "not-enough-history", method, reason: "a median at or below zero cannot be compared as a ratio", transitions: [] };
    return { verdict: verdict2, changePoints: empty2 };
  }
  const { pts } = preCtx;
  const t = pts.length - 1;
  const { known, found, regionStart } = scanChangePoints(preCtx, memory, indexOf);
  const changePoints = {
    suite: series.suite,
    case: series.case,
    unit: series.unit,
    direction: series.direction,
    fromSeq: (pts[regionStart + 1] ?? newest).seq,
    toSeq: newest.seq,
    found: found.map(({ index: _index, newlyConfirmed: _n, ...c }) => c)
  };
  const settled = settleSuspicions(preCtx, memory, indexOf, known, found);
  const openLevel = mode === "compare" ? openRegressionLevel(preCtx, memory, indexOf) : void 0;
  const restarts = restartsOf(known, found, settled);
  const ctx = { ...preCtx, boundaries: openLevel ? [.../* @__PURE__ */ new Set([...restarts, openLevel.index])].sort((a, b) => a - b) : restarts, ...openLevel ? { openLevel } : {} };
  const decided = method === "ratio" ? ratioVerdict(ctx) : limitVerdict(ctx);
  const baseline = "test" in decided ? decided.test?.baseline : decided.baseline;
  const k = "test" in decided && decided.test ? decided.test.k : 1;
  const ratio = baseline ? worseChange(newest.value, baseline.median, series.direction) : void 0;
  const change = ratio !== void 0 && Number.isFinite(ratio) ? ratio : void 0;
  const firstSha = (pts[t - k + 1] ?? newest).sha;
  if (mode === "compare") {
    const since = openLevel && baseline?.sinceSha === openLevel.sha ? `against the level since the regression at ${openLevel.sha.slice(0, 7)}, still open in the published trend` : void 0;
    const verdict2 = {
      ...base,
      kind: decided.kind,
      method,
      ...baseline ? { baseline } : {},
      ...change !== void 0 ? { change } : {},
      reason: since ? withCaveat(decided.reason, since) : decided.reason,
      transitions: []
    };
    return { verdict: verdict2, changePoints: empty2 };
  }
  const currentStart = restarts.filter((b) => b <= t).pop() ?? 0;
  let kind = decided.kind;
  let reason = decided.reason;
  let alert;
  let ongoing;
  const runStart = pts[t - k + 1] ?? newest;
  const baseFrom = (pts[Math.max(0, t - k + 1 - (baseline?.count ?? ctx.settings.window))] ?? newest).seq;
  if (kind === "regressed" && method === "limit" && options.runnerNoise === true) {
    kind = "watch";
    reason = wrapped(`looks like the runner, not the code: the control cases moved too at this commit, so nothing is raised (`, reason, ")");
  } else if (kind === "regressed" && method === "limit" && k > 1 && ctx.controlsMovedSince?.(baseFrom, runStart.seq) === true) {
    kind = "watch";
    reason = wrapped("looks like the runner, not the code: the control cases moved with this run and still are, so nothing is raised (", reason, ")");
  } else if (kind === "regressed" && method === "limit" && options.jobMovedAlike === true && (ctx.alikeRun !== void 0 ? k - ctx.alikeRun < ctx.settings.alertAfter : k < ctx.settings.maxRun) && !memory.regressions.some((r) => r.status === "suspected")) {
    kind = "watch";
    const since = (ctx.alikeRun ?? 1) > 1 ? ` for ${ctx.alikeRun} commits` : "";
    const again = ctx.alikeRun !== void 0 && k + 1 - Math.min(ctx.alikeRun + 1, ALIKE_LOOKBACK + 1) < ctx.settings.alertAfter;
    const decides = again ? "the next commit decides unless the job moves as one again" : "the next commit decides";
    reason = wrapped(`nearly every case of this job got worse at once${since}, which looks like the runner; ${decides} (name cases only the machine can move in control-cases to tell at once; `, reason, ")");
  } else if (kind === "regressed" && method === "limit" && k > ctx.settings.maxRun) {
    const alike = alikeEpisode(ctx) === k;
    const from = firstSha.slice(0, 7);
    reason = alike ? withCaveat(reason, `nearly every case of this job moved with it from ${from} and stayed ${k} commits: a change that slows every case, or a runner that changed for good`) : withCaveat(reason, `most of this job moved with it from ${from} and stayed ${k} commits: a change that slows much of the suite, or a runner that changed for good`);
  } else if (kind === "regressed" && method === "limit" && ((options.hostMoved === true || runBeganWithHost(options, k)) && k <= ctx.settings.alertAfter || hostRunOf(ctx) >= k && hostRunOf(ctx) <= HOST_WAIT) && !memory.regressions.some((r) => r.status === "suspected")) {
    kind = "watch";
    const when = options.hostMoved === true ? "at this commit" : "where this run began";
    const decides = hostRunOf(ctx) >= k && k < HOST_WAIT ? `the next commit decides unless most of the job moves again (${HOST_WAIT} commits at most)` : "the next commit decides";
    reason = wrapped(`most other cases of this job moved ${when} too, which may be the runner; ${decides} (name cases only it can move in control-cases to tell at once; `, reason, ")");
  } else if (kind === "regressed" && method === "limit" && options.hostMoved === true) {
    reason = withCaveat(reason, "most of this job moved at this commit too, so it may be the runner (name cases only the runner can move in control-cases to tell)");
  } else if (kind === "unchanged" && method === "limit" && change !== void 0 && change >= ctx.settings.minEffect && baseline) {
    const from = (pts[Math.max(0, t - baseline.count)] ?? newest).seq;
    if (ctx.controlsMovedSince?.(from, newest.seq) === true) reason = withCaveat(reason, "the control cases moved too, so it looks like the runner");
  }
  const open2 = kind === "unchanged" && method === "limit" ? settled.stillOpen.reduce((a, b) => a === void 0 || b.index > a.index ? b : a, void 0) : void 0;
  if (open2 !== void 0) {
    const left = Math.max(1, 2 * ctx.settings.changePoints.minSize - (t - open2.index));
    reason = withCaveat(reason, `the regression at ${open2.sha.slice(0, 7)} stays suspected until a lasting step confirms it, or ${left} more commit${left === 1 ? "" : "s"} without one clear it`);
  }
  if (kind === "regressed" && baseline) {
    const test = "test" in decided ? decided.test : void 0;
    const culprit = method === "limit" && test ? culpritIndex(ctx, test, currentStart) : void 0;
    const atOnce = culprit === t && overwhelming(ctx) !== void 0;
    const raised = raiseRegression(ctx, memory, indexOf, settled, currentStart, { reason, baseline, k: method === "ratio" ? 1 : k, atOnce, ...culprit !== void 0 ? { culprit } : {} });
    ({ alert, ongoing, reason } = raised);
    if (raised.waits) kind = "watch";
  }
  const step = !alert && kind !== "regressed" && method === "limit" ? raiseStep(ctx, found, settled) : void 0;
  if (step) {
    kind = "step";
    reason = step.reason;
    alert = step.alert;
  }
  const verdict = {
    ...base,
    kind,
    method,
    ...baseline ? { baseline } : {},
    ...change !== void 0 ? { change } : {},
    ...kind === "regressed" || kind === "watch" ? { run: { count: k, firstSha } } : {},
    reason,
    ...alert ? { alert } : {},
    ...ongoing ? { ongoing } : {},
    transitions: settled.transitions,
    recent: base.recent
  };
  return { verdict, changePoints };
}

// src/core/regress/groups.ts
function groupText(sorted2, sha) {
  const short = sha.slice(0, 7);
  const words2 = (a) => describeWorseChange(a.change, a.direction);
  const first = sorted2[0];
  if (!first) return `no case at ${short}`;
  if (sorted2.length === 1) return `${isolate(first.case)} ${words2(first)} at ${short}`;
  const range = changeRange(sorted2);
  return range === void 0 ? `${sorted2.length} cases worse at ${short}, ${sorted2.filter(fromZero).length} of them from 0` : `${sorted2.length} cases ${range} at ${short}`;
}
var fromZero = (a) => a.change === void 0 || !Number.isFinite(a.change);
function changeRange(sorted2) {
  const [first, last] = [sorted2[0], sorted2[sorted2.length - 1]];
  if (!first || !last || sorted2.some(fromZero)) return void 0;
  let [hi, lo] = [describeWorseChange(first.change, first.direction), describeWorseChange(last.change, last.direction)];
  if (hi === lo) return hi;
  const signs = new Set(sorted2.map((a) => Math.sign((a.direction === "smaller" ? 1 : -1) * a.change)));
  if (signs.size > 1) [hi, lo] = [hi.replace(/^[+-]/, ""), lo.replace(/^[+-]/, "")];
  return `${lo.replace(/ (worse|better)$/, "")} to ${hi}`;
}
var SAME_FACTOR_SPREAD = 0.25;
function sameFactor(changes, minEffect) {
  if (changes.length < 3 || changes.some((c) => c === void 0 || !(c >= minEffect) || !Number.isFinite(c))) return void 0;
  const logs = changes.map((c) => Math.log1p(c)).sort((a, b) => a - b);
  const mid = logs.length % 2 ? logs[(logs.length - 1) / 2] : (logs[logs.length / 2 - 1] + logs[logs.length / 2]) / 2;
  if (!logs.every((l) => Math.abs(l - mid) <= SAME_FACTOR_SPREAD * mid)) return void 0;
  return { cases: logs.length, low: Math.expm1(logs[0]), high: Math.expm1(logs[logs.length - 1]) };
}

// src/core/compare/display.ts
var TIME_UNITS = [
  { unit: "s", perSecond: 1 },
  { unit: "ms", perSecond: 1e3 },
  { unit: "\xB5s", perSecond: 1e6 },
  { unit: "ns", perSecond: 1e9 }
];
var ALIASES = { us: "\xB5s", \u03BCs: "\xB5s", sec: "s", seconds: "s" };
function displayScale(unit, magnitude) {
  const canonical2 = ALIASES[unit] ?? unit;
  let at = TIME_UNITS.findIndex((u) => u.unit === canonical2);
  if (at < 0 || !Number.isFinite(magnitude) || magnitude === 0) return { unit, factor: 1 };
  const from = TIME_UNITS[at];
  let m = Math.abs(magnitude);
  while (m < 1 && at < TIME_UNITS.length - 1) {
    at += 1;
    m *= 1e3;
  }
  const to = TIME_UNITS[at];
  return to.unit === from.unit ? { unit, factor: 1 } : { unit: to.unit, factor: to.perSecond / from.perSecond };
}
function levelScale(unit, largest2) {
  const canonical2 = ALIASES[unit] ?? unit;
  if (canonical2 === "s" && Math.abs(largest2) < 10 && largest2 !== 0) {
    const inMs = displayScale("ms", largest2 * 1e3);
    return { unit: inMs.unit, factor: 1e3 * inMs.factor };
  }
  return displayScale(unit, largest2);
}
function signed(text2, plus) {
  if (text2.startsWith("-")) return text2;
  return plus && text2 !== "0" && !/^0\.0*$/.test(text2) ? `+${text2}` : text2;
}
function formatValue(x, scale, options = {}) {
  const v = clean(x * scale.factor);
  const text2 = v === 0 ? "0" : String(Number(v.toPrecision(options.sig ?? 5)));
  return signed(text2, options.plus ?? false);
}
function formatFixed(x, scale, decimals, plus = true) {
  const v = clean(x * scale.factor);
  const text2 = v.toFixed(decimals);
  return signed(/^-0\.?0*$/.test(text2) ? text2.slice(1) : text2, plus);
}
function decimalsFor(magnitude, sig = 3) {
  if (!Number.isFinite(magnitude) || magnitude === 0) return 0;
  return Math.max(0, sig - 1 - Math.floor(Math.log10(Math.abs(magnitude))));
}
function formatPercent(fraction, decimals = 2, plus = true) {
  const text2 = (fraction * 100).toFixed(decimals);
  return `${signed(/^-0\.?0*$/.test(text2) ? text2.slice(1) : text2, plus)}%`;
}

// src/core/attribution.ts
function attributeChange(input) {
  const delta = clean(input.total.after - input.total.before);
  if (delta === 0 || !Number.isFinite(delta)) return null;
  const shares = [];
  const appeared = [];
  const vanished = [];
  for (const [stage, before] of input.before) {
    const after = input.after.get(stage);
    if (after === void 0) {
      vanished.push(stage);
      continue;
    }
    const d = clean(after - before);
    if (d !== 0) shares.push({ stage, before, after, delta: d, share: d / delta });
  }
  for (const stage of input.after.keys()) if (!input.before.has(stage)) appeared.push(stage);
  const bySize = (a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.stage.localeCompare(b.stage);
  const explained = clean(shares.reduce((t, s) => t + s.delta, 0));
  return {
    case: input.case,
    unit: input.unit,
    before: input.total.before,
    after: input.total.after,
    delta,
    owners: shares.filter((s) => s.share > 0).sort(bySize),
    against: shares.filter((s) => s.share < 0).sort(bySize),
    unaccounted: clean(delta - explained),
    appeared,
    vanished,
    ...input.withoutBaseline?.length ? { withoutBaseline: [...input.withoutBaseline] } : {}
  };
}
function attributionLine(a, options = {}) {
  const minShare = options.minShare ?? 0.05;
  const scale = displayScale(a.unit, a.delta);
  const decimals = decimalsFor(a.delta * scale.factor);
  const amount = (x) => `${formatFixed(x, scale, decimals)} ${scale.unit}`;
  const pct = (x) => formatPercent(x, 0, false);
  const list = (shares) => {
    const named = shares.filter((s) => Math.abs(s.share) >= minShare);
    const rest = shares.filter((s) => Math.abs(s.share) < minShare);
    const parts = named.map((s) => `${isolate(s.stage)} ${amount(s.delta)} (${pct(s.share)})`);
    const sum = rest.reduce((t, s) => t + s.delta, 0);
    if (rest.length > 0 && !(/^[+−-]?0(\.0*)?$/.test(formatFixed(sum, scale, decimals)) && pct(sum / a.delta).replace(/[+−-]/, "") === "0%")) {
      parts.push(`${rest.length} other${rest.length === 1 ? "" : "s"} ${amount(sum)} (${pct(sum / a.delta)})`);
    }
    return parts;
  };
  const owners = list(a.owners);
  const unknown = a.withoutBaseline ?? [];
  const moved = a.owners.length + a.against.length > 0;
  let line = `${isolate(a.case)} ${amount(a.delta)}: ${owners.length ? owners.join(", ") : unknown.length ? "no stage with a baseline moved with it" : "no stage moved with it"}`;
  if (Math.abs(a.unaccounted / a.delta) >= minShare && (unknown.length === 0 || moved)) {
    line += `, ${unknown.length ? "outside the stages compared" : "outside the stages"} ${amount(a.unaccounted)} (${pct(a.unaccounted / a.delta)})`;
  }
  const against = list(a.against);
  if (against.length > 0) line += `; against: ${against.join(", ")}`;
  if (a.appeared.length > 0) line += `; new: ${a.appeared.map(isolate).join(", ")}`;
  if (a.vanished.length > 0) line += `; gone: ${a.vanished.map(isolate).join(", ")}`;
  if (unknown.length > 0) line += `; no baseline yet: ${unknown.map(isolate).join(", ")}`;
  return line;
}

// src/core/compare/rank-distributions.ts
var EXACT_BELOW = 50;
var Z_975 = 1.959963984540054;
var CONFIDENCE = 0.95;
function signedRankCdf(n) {
  const max = n * (n + 1) / 2;
  let p = new Array(max + 1).fill(0);
  p[0] = 1;
  for (let k = 1; k <= n; k++) {
    const next = new Array(max + 1).fill(0);
    const reach = k * (k + 1) / 2;
    for (let s = 0; s <= reach; s++) next[s] = ((p[s] ?? 0) + (s >= k ? p[s - k] ?? 0 : 0)) / 2;
    p = next;
  }
  return cumulative(p);
}
function mannWhitneyCdf(m, n) {
  let f = Array.from({ length: n + 1 }, () => [1]);
  for (let i = 1; i <= m; i++) {
    const g = [[1]];
    for (let j = 1; j <= n; j++) {
      const row = new Array(i * j + 1).fill(0);
      const left = f[j];
      const up = g[j - 1];
      for (let u = 0; u < left.length; u++) row[u + j] = (row[u + j] ?? 0) + (left[u] ?? 0);
      for (let u = 0; u < up.length; u++) row[u] = (row[u] ?? 0) + (up[u] ?? 0);
      g.push(row);
    }
    f = g;
  }
  const counts2 = f[n];
  const total = counts2.reduce((t, c) => t + c, 0);
  return cumulative(counts2.map((c) => c / total));
}
function cumulative(p) {
  const out = [];
  let run = 0;
  for (const v of p) {
    run += v;
    out.push(run);
  }
  return out;
}
function quantile(cdf, q) {
  const i = cdf.findIndex((c) => c >= q * (1 - 1e-12));
  return i < 0 ? cdf.length - 1 : i;
}
function normalCdf(z) {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
function indexFrom(cdf) {
  const alpha = 1 - CONFIDENCE;
  const qu = Math.max(1, quantile(cdf, alpha / 2));
  return { k: qu, achieved: 1 - 2 * (cdf[qu - 1] ?? 0), method: "exact" };
}
function indexNormal(mean2, sd) {
  const qu = Math.max(1, Math.ceil(mean2 - 0.5 - Z_975 * sd));
  return { k: qu, achieved: 1 - 2 * normalCdf((qu - 1 + 0.5 - mean2) / sd), method: "normal" };
}
function signedRankIndex(n) {
  if (n < 1) throw new RangeError("an interval needs at least one difference");
  if (n < EXACT_BELOW) return indexFrom(signedRankCdf(n));
  return indexNormal(n * (n + 1) / 4, Math.sqrt(n * (n + 1) * (2 * n + 1) / 24));
}
function mannWhitneyIndex(m, n) {
  if (m < 1 || n < 1) throw new RangeError("an interval needs a value in each sample");
  if (Math.min(m, n) === 1) {
    const others = Math.max(m, n);
    return indexFrom(Array.from({ length: others + 1 }, (_, u) => (u + 1) / (others + 1)));
  }
  if (m * n < EXACT_BELOW * EXACT_BELOW) return indexFrom(mannWhitneyCdf(m, n));
  return indexNormal(m * n / 2, Math.sqrt(m * n * (m + n + 1) / 12));
}

// src/core/compare/verdict.ts
function minEffectText(minEffect) {
  return `${shortNumber(minEffect * 100, 6)}%`;
}
var DEFAULT_MIN_EFFECT = 0.01;
function decide(shift, change, direction, minEffect, moved) {
  if (shift.confidence < CONFIDENCE - 1e-9) {
    return {
      verdict: "inconclusive",
      reason: `too few runs for a 95% interval: ${shift.count} ${shift.count === 1 ? "value reaches" : "values reach"} only ${formatPercent(shift.confidence, 1, false)}`
    };
  }
  if (shift.lo <= 0 && shift.hi >= 0) return { verdict: "inconclusive", reason: "the 95% interval includes 0" };
  const fromZero2 = change === null;
  const medians = fromZero2 ? moved ?? 0 : change;
  if (fromZero2 && medians === 0) return { verdict: "inconclusive", reason: "the baseline median is 0 and the candidate median did not move from it" };
  if (Math.sign(medians) !== Math.sign(shift.estimate)) {
    return { verdict: "inconclusive", reason: "the arm medians moved the other way from the shift" };
  }
  if (!fromZero2 && Math.abs(change) < minEffect) {
    return { verdict: "inconclusive", reason: `the change ${formatPercent(change)} is below the minimum effect of ${minEffectText(minEffect)}` };
  }
  const better = direction === "smaller" ? shift.estimate < 0 : shift.estimate > 0;
  return {
    verdict: better ? "improved" : "regressed",
    reason: fromZero2 ? "the 95% interval excludes 0 and the baseline median is 0, so any change passes the minimum effect" : `the 95% interval excludes 0 and the change passes the minimum effect of ${minEffectText(minEffect)}`
  };
}
function parseMinEffect(text2, source = "compare-min-effect") {
  const t = text2.trim();
  const m = /^(\d+(?:\.\d+)?)\s*%$/.exec(t);
  if (m) {
    const v = Number(m[1]) / 100;
    if (v < 1) return v;
  } else if (/^0+(?:\.0+)?$/.test(t)) {
    return 0;
  }
  throw new InputError(`${source}: expected a percentage below 100% such as "1%", got ${JSON.stringify(text2)}`);
}

// src/core/markdown.ts
var ZWSP = "\u200B";
function escapeMarkdown(text2) {
  return text2.replace(/[\r\n]+/g, " ").replace(/[\\`*_{}[\]()#+\-.!|<>~:=&$^]/g, (c) => `\\${c}`).replace(/@/g, `@${ZWSP}`).replace(/#(?=\d)/g, `#${ZWSP}`).replace(/(GH\\-)(?=\d)/gi, `$1${ZWSP}`);
}

// src/core/render-compare.ts
function arm(a) {
  if (!a) return null;
  const { summaryOnly: _summaryOnly, ...rest } = a;
  return rest;
}
function compareJson(comparison) {
  return comparison.cases.map((c) => ({
    case: c.case,
    unit: c.unit,
    direction: c.direction,
    baseline: arm(c.baseline),
    candidate: arm(c.candidate),
    shift: c.shift?.estimate ?? null,
    interval: c.shift ? [c.shift.lo, c.shift.hi] : null,
    confidence: c.shift?.confidence ?? null,
    method: c.method,
    pairs: c.method === "paired" && c.shift ? c.shift.count : null,
    change: c.change,
    verdict: c.verdict,
    reason: c.reason,
    control: c.control,
    drift: c.drift,
    attribution: c.attribution ? attributionLine(c.attribution) : null,
    rounds: c.rounds
  }));
}
function scaleOf2(c) {
  const levels2 = [c.baseline?.median, c.candidate?.median].filter((v) => v !== void 0);
  return levelScale(c.unit, levels2.length ? Math.max(...levels2.map(Math.abs)) : 0);
}
var MARKDOWN = { esc: escapeMarkdown, strong: (t) => `**${t}**` };
function level(a, s, esc) {
  if (!a) return "\u2014";
  const range = a.min === a.max ? "" : ` (${formatValue(a.min, s)}\u2013${formatValue(a.max, s)})`;
  return `${formatValue(a.median, s)} ${esc(s.unit)}${range}${a.summaryOnly ? " summary" : ""}`;
}
function runs(a) {
  if (!a) return "\u2014";
  if (a.summaryOnly) return "summary";
  return `${a.runs}/${a.n}${a.failed ? `, ${a.failed} failed` : ""}`;
}
function shiftText(c, s, esc) {
  if (!c.shift) return "\u2014";
  const { estimate, lo, hi, confidence } = c.shift;
  const conf = confidence < 0.95 - 1e-9 ? ` (${formatPercent(confidence, 1, false)})` : "";
  return `${formatValue(estimate, s, { plus: true })} ${esc(s.unit)} [${formatValue(lo, s, { plus: true })}, ${formatValue(hi, s, { plus: true })}]${conf}`;
}
function verdictText(c, strong) {
  if (c.control) return c.drift ? `${strong("drift")} (${c.verdict})` : c.verdict === "no-data" ? "control, no data" : "control, steady";
  return c.verdict === "improved" || c.verdict === "regressed" ? strong(c.verdict) : c.verdict;
}
function countLine(comparison) {
  const plain = comparison.cases.filter((c) => !c.control);
  const count = (v) => plain.filter((c) => c.verdict === v).length;
  const parts = [`${count("improved")} improved`, `${count("regressed")} regressed`, `${count("inconclusive")} inconclusive`];
  if (count("no-data")) parts.push(`${count("no-data")} no data`);
  const controls = comparison.cases.length - plain.length;
  if (controls) parts.push(`${controls} control${controls === 1 ? "" : "s"}, ${comparison.drift.length ? `${comparison.drift.length} drifted` : "no drift"}`);
  const paired = comparison.cases.filter((c) => c.method === "paired");
  const roundCounts = [...new Set(paired.map((c) => c.rounds?.length ?? 0))];
  const pairing = paired.length === 0 ? "unpaired runs" : roundCounts.length === 1 ? `${roundCounts[0]} paired round${roundCounts[0] === 1 ? "" : "s"}` : "paired rounds";
  const approximated = comparison.cases.filter((c) => c.shift?.method === "normal").length;
  const intervals = approximated ? `95% intervals (normal approximation of the rank test for ${approximated} case${approximated === 1 ? "" : "s"} with 50+ runs)` : "exact 95% intervals";
  return `${parts.join(", ")} \xB7 ${pairing} \xB7 ${intervals} \xB7 minimum effect ${minEffectText(comparison.minEffect)}`;
}
var COMPARE_HEAD = ["Case", "Baseline median (min\u2013max)", "Candidate median (min\u2013max)", "Runs", "Shift [95% interval]", "Change", "Verdict"];
function compareReport(comparison, style) {
  const { esc, strong } = style;
  const files = (fs) => fs.map((f) => esc(f)).join(", ");
  return {
    counts: countLine(comparison),
    baselineFiles: files(comparison.baselineFiles),
    candidateFiles: files(comparison.candidateFiles),
    drift: comparison.drift.map((d) => {
      const s = scaleOf2(d);
      return `${strong("Drift:")} control ${esc(isolate(d.case))} moved ${d.change === null ? "" : `${formatPercent(d.change)} `}(${shiftText(d, s, esc)}) between the arms, so the machine changed too; read the other verdicts with care.`;
    }),
    rows: comparison.cases.map((c) => {
      const s = scaleOf2(c);
      return [esc(c.case), level(c.baseline, s, esc), level(c.candidate, s, esc), `${runs(c.baseline)} \xB7 ${runs(c.candidate)}`, shiftText(c, s, esc), c.change === null ? "\u2014" : formatPercent(c.change), verdictText(c, strong)];
    }),
    attribution: comparison.cases.flatMap((c) => c.attribution ? [esc(attributionLine(c.attribution))] : []),
    why: [
      // A control's row says "control, steady", and the counts leave it out: its note says the same.
      ...comparison.cases.filter((c) => !(c.verdict === "improved" || c.verdict === "regressed")).map((c) => `${esc(isolate(c.case))}: ${c.control ? verdictText(c, (t) => t) : c.verdict}, ${esc(c.reason)}`),
      ...comparison.notes.map((n) => esc(n))
    ],
    rounds: comparison.cases.filter((c) => c.rounds && c.rounds.length > 0).map((c) => {
      const s = scaleOf2(c);
      const v = (x) => x === null ? "\u2014" : formatValue(x, s);
      return {
        case: esc(isolate(c.case)),
        unit: esc(s.unit),
        rows: (c.rounds ?? []).map((r) => ({ round: String(r.round), baseline: v(r.baseline), candidate: v(r.candidate), delta: r.delta === null ? "unpaired" : formatValue(r.delta, s, { plus: true }) }))
      };
    })
  };
}
function roundsTable(r) {
  return [
    `**${r.case}** (${r.unit})`,
    "",
    "| Round | Baseline | Candidate | \u0394 |",
    "| ---: | ---: | ---: | ---: |",
    ...r.rows.map((x) => `| ${x.round} | ${x.baseline} | ${x.candidate} | ${x.delta} |`),
    ""
  ];
}
var DEFAULT_REPORT_LIMIT = 6e4;
function renderCompareMarkdown(comparison, options = {}) {
  const heading = options.heading ?? "###";
  const report2 = compareReport(comparison, MARKDOWN);
  const lines = [
    `${heading} ${options.title ?? "Compare: candidate against baseline"}`,
    "",
    report2.counts,
    "",
    `Baseline: ${report2.baselineFiles} \xB7 candidate: ${report2.candidateFiles}`,
    ""
  ];
  for (const d of report2.drift) lines.push(`> ${d}`, "");
  lines.push(`| ${COMPARE_HEAD.join(" | ")} |`, "| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const row of report2.rows) lines.push(`| ${row.join(" | ")} |`);
  lines.push("");
  if (report2.attribution.length) for (const line of ["Where the total moved:", "", ...report2.attribution.map((l) => `- ${l}`), ""]) lines.push(line);
  if (report2.why.length) for (const line of ["<details><summary>Why not a verdict, and notes</summary>", "", ...report2.why.map((w) => `- ${w}`), "", "</details>", ""]) lines.push(line);
  const head = lines.join("\n");
  if (report2.rounds.length === 0) return head;
  const rounds = ["<details><summary>Round by round</summary>", "", ...report2.rounds.flatMap(roundsTable), "</details>", ""].join("\n");
  const limit = options.limit ?? DEFAULT_REPORT_LIMIT;
  if (head.length + rounds.length <= limit) return `${head}
${rounds}`;
  return `${head}
The round-by-round tables are left out to keep this report under ${limit} characters; \`benchtrend compare --json\` prints every round.
`;
}

// src/core/compare/arms.ts
function splitArms(file, records) {
  const baseline = records.filter((r) => r.arm === "baseline");
  const candidate = records.filter((r) => r.arm === "candidate");
  if (baseline.length === 0 || candidate.length === 0) {
    const has = baseline.length ? "only a baseline arm" : candidate.length ? "only a candidate arm" : "no baseline and candidate arms";
    throw new InputError(`${file}: holds ${has}; compare one file only when it carries both arms, otherwise pass --baseline FILE... --candidate FILE...`);
  }
  return { baseline, candidate };
}
function refuseOtherArm(records, arm2) {
  const other = records.find((r) => r.arm !== void 0 && r.arm !== arm2);
  if (other) {
    throw new InputError(`${other.file}: carries a ${other.arm} arm but was given as the ${arm2}; a file holding both arms is compared alone`);
  }
}
function inUnit(m, unit) {
  const to = (v) => convertUnit(v, m.unit, unit);
  const or = (v) => v === null ? null : to(v);
  const s = m.summary;
  return {
    ...m,
    unit,
    samples: m.samples.map(or),
    ...m.allSamples ? { allSamples: m.allSamples.map(or) } : {},
    ...s ? {
      summary: {
        ...s,
        value: to(s.value),
        ...s.lo !== void 0 ? { lo: to(s.lo) } : {},
        ...s.hi !== void 0 ? { hi: to(s.hi) } : {},
        ...s.stdev !== void 0 ? { stdev: to(s.stdev) } : {}
      }
    } : {}
  };
}
function byShape(records, arm2) {
  const out = /* @__PURE__ */ new Map();
  for (const r of records) {
    const first = out.get(r.shape);
    if (first) throw new InputError(`${r.file}: shape "${r.shape}" is already in the ${arm2} arm from ${first.file}; one record per shape per arm`);
    out.set(r.shape, r);
  }
  return out;
}
function matchCases(arms) {
  for (const r of [...arms.baseline, ...arms.candidate]) buildPoints([r]);
  const base = byShape(arms.baseline, "baseline");
  const cand = byShape(arms.candidate, "candidate");
  if (![...base.keys()].some((s) => cand.has(s))) {
    const b = [...base.keys()].join(", ") || "none";
    const c = [...cand.keys()].join(", ") || "none";
    throw new InputError(`compare: the arms share no shape (baseline: ${b}; candidate: ${c}); name the records of one shape in both arms`);
  }
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const [shape, b] of base) {
    const c = cand.get(shape);
    const candidateOf = /* @__PURE__ */ new Map();
    for (const m of c?.metrics ?? []) if (!candidateOf.has(m.name)) candidateOf.set(m.name, m);
    for (const bm of b.metrics) {
      let cm = candidateOf.get(bm.name);
      let note;
      if (c && cm && cm.unit !== bm.unit) {
        if (!canConvert(cm.unit, bm.unit)) {
          throw new InputError(
            `${c.file}: ${caseName(shape, bm.name)} is in ${cm.unit} but the baseline ${b.file} has it in ${bm.unit}; compare needs one unit per case`
          );
        }
        note = `${c.file}: ${caseName(shape, bm.name)} is in ${cm.unit}; converted to ${bm.unit}, the baseline's unit`;
        cm = inUnit(cm, bm.unit);
      }
      seen.add(caseName(shape, bm.name));
      out.push({
        case: caseName(shape, bm.name),
        shape,
        metric: bm.name,
        unit: bm.unit,
        direction: bm.direction,
        baseline: { record: b, metric: bm },
        ...c && cm ? { candidate: { record: c, metric: cm } } : {},
        ...note !== void 0 ? { note } : {}
      });
    }
  }
  for (const [shape, c] of cand) {
    for (const cm of c.metrics) {
      if (seen.has(caseName(shape, cm.name))) continue;
      out.push({ case: caseName(shape, cm.name), shape, metric: cm.name, unit: cm.unit, direction: cm.direction, candidate: { record: c, metric: cm } });
    }
  }
  return out;
}

// src/core/direction.ts
var COSTLY_NOUNS = /* @__PURE__ */ new Set(["alloc", "cycle", "instruction", "miss", "fault", "gc", "error", "failure", "retry"]);
function directionOfUnit(unit) {
  const u = parseUnit(unit);
  if (u.perSeconds !== void 0) return u.kind === "percent" ? void 0 : "bigger";
  if (u.kind === "time" || u.kind === "bytes") return "smaller";
  if (u.kind === "count" && (u.per !== void 0 || COSTLY_NOUNS.has(u.noun))) return "smaller";
  return void 0;
}
function directionFor(unit, formatDefault) {
  return directionOfUnit(unit) ?? formatDefault;
}
function globTest(pattern) {
  if (!/[*?]/.test(pattern)) return (name) => name === pattern;
  const source = pattern.split("").map((c) => c === "*" ? ".*" : c === "?" ? "." : c.replace(/[\\^$.+()[\]{}|]/g, "\\$&")).join("");
  const re = new RegExp(`^${source}$`, "s");
  return (name) => re.test(name);
}
function parseDirectionOverrides(text2, source = "direction-overrides") {
  const out = [];
  text2.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const colon = line.lastIndexOf(":");
    const pattern = colon < 0 ? "" : line.slice(0, colon).trim();
    const word = colon < 0 ? "" : line.slice(colon + 1).trim().toLowerCase();
    if (pattern === "") {
      throw new InputError(`${source}: line ${i + 1} must read "<case name or glob>: bigger" or "...: smaller", got ${JSON.stringify(line)}`);
    }
    if (word !== "bigger" && word !== "smaller") {
      throw new InputError(`${source}: line ${i + 1} says ${JSON.stringify(line.slice(colon + 1).trim())} for ${JSON.stringify(pattern)}; the direction must be bigger or smaller`);
    }
    out.push({ pattern, direction: word, line: i + 1, test: globTest(pattern) });
  });
  return out;
}
function decide2(caseName2, overrides) {
  for (let i = overrides.length - 1; i >= 0; i--) {
    const o = overrides[i];
    if (o.test(caseName2)) return o;
  }
  return void 0;
}
function decidedBy(overrides) {
  return (caseName2) => decide2(caseName2, overrides) !== void 0;
}
function applyDirectionOverrides(points, overrides) {
  if (overrides.length === 0) return [...points];
  return points.map((p) => {
    const o = decide2(p.case, overrides);
    return o && o.direction !== p.direction ? { ...p, direction: o.direction } : p;
  });
}
function overridesMatchingNothing(points, overrides) {
  return overrides.filter((o) => !points.some((p) => o.test(p.case)));
}

// src/core/compare/order-statistics.ts
function kth(set, k) {
  if (k < 1 || k > set.size) throw new RangeError(`order statistic ${k} of ${set.size}`);
  if (set.countAtMost(set.min) >= k) return set.min;
  let lo = set.min;
  let hi = set.max;
  let below = set.countAtMost(lo);
  let upTo = set.size;
  while (upTo - below > set.listable) {
    const mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) return hi;
    const c = set.countAtMost(mid);
    if (c >= k) {
      hi = mid;
      upTo = c;
    } else {
      lo = mid;
      below = c;
    }
  }
  const candidates = set.between(lo, hi).sort((a, b) => a - b);
  return candidates[k - below - 1];
}
var ascending = (values) => [...values].sort((a, b) => a - b);
function walshSet(deltas) {
  const d = ascending(deltas);
  const n = d.length;
  const at = (i, j) => (d[i] + d[j]) / 2;
  const countAtMost = (v) => {
    let count = 0;
    let j = n;
    for (let i = 0; i < n; i++) {
      while (j > 0 && at(i, j - 1) > v) j--;
      if (j > i) count += j - i;
    }
    return count;
  };
  return {
    size: n * (n + 1) / 2,
    min: at(0, 0),
    max: at(n - 1, n - 1),
    countAtMost,
    between(lo, hi) {
      const out = [];
      let jLo = n;
      let jHi = n;
      for (let i = 0; i < n; i++) {
        while (jLo > 0 && at(i, jLo - 1) > lo) jLo--;
        while (jHi > 0 && at(i, jHi - 1) > hi) jHi--;
        for (let j = Math.max(i, jLo); j < jHi; j++) out.push(at(i, j));
      }
      return out;
    },
    listable: Math.max(4096, 4 * n)
  };
}
function differenceSet(baseline, candidate) {
  const x = ascending(baseline);
  const y = ascending(candidate);
  const m = x.length;
  const n = y.length;
  const at = (i, j) => y[j] - x[i];
  const countAtMost = (v) => {
    let count = 0;
    let j = 0;
    for (let i = 0; i < m; i++) {
      while (j < n && at(i, j) <= v) j++;
      count += j;
    }
    return count;
  };
  return {
    size: m * n,
    min: at(m - 1, 0),
    max: at(0, n - 1),
    countAtMost,
    between(lo, hi) {
      const out = [];
      let jLo = 0;
      let jHi = 0;
      for (let i = 0; i < m; i++) {
        while (jLo < n && at(i, jLo) <= lo) jLo++;
        while (jHi < n && at(i, jHi) <= hi) jHi++;
        for (let j = jLo; j < jHi; j++) out.push(at(i, j));
      }
      return out;
    },
    listable: Math.max(4096, 4 * (m + n))
  };
}
function statistics(set) {
  return {
    size: set.size,
    kth: (k) => kth(set, k),
    median() {
      const half = Math.floor(set.size / 2);
      if (set.size % 2 === 1) return kth(set, half + 1);
      const a = kth(set, half);
      const b = kth(set, half + 1);
      return a + (b - a) / 2;
    }
  };
}
function walshAverages(deltas) {
  return statistics(walshSet(deltas));
}
function pairwiseDifferences(baseline, candidate) {
  return statistics(differenceSet(baseline, candidate));
}

// src/core/compare/hodges-lehmann.ts
function bounded(values, index, count) {
  const k = Math.min(index.k, values.size);
  return {
    estimate: values.median(),
    lo: values.kth(k),
    hi: values.kth(values.size + 1 - k),
    confidence: index.achieved,
    method: index.method,
    count
  };
}
function pairedShift(deltas) {
  if (deltas.length === 0) throw new RangeError("a paired shift needs at least one round");
  return bounded(walshAverages(deltas), signedRankIndex(deltas.length), deltas.length);
}
function unpairedShift(baseline, candidate) {
  if (baseline.length === 0 || candidate.length === 0) throw new RangeError("an unpaired shift needs values in both arms");
  return bounded(pairwiseDifferences(baseline, candidate), mannWhitneyIndex(baseline.length, candidate.length), baseline.length * candidate.length);
}

// src/core/compare/compare.ts
function runsOf(m) {
  return m.allSamples ?? m.samples;
}
function reported(m) {
  return runsOf(m).filter((v) => v !== null);
}
function summarise(record, metric) {
  const values = reported(metric);
  const failed = metric.failed ?? 0;
  if (values.length > 0) {
    const s = spread(values);
    const n = Math.max(record.runs, runsOf(metric).length);
    return { median: clean(s.median), min: clean(s.min), max: clean(s.max), runs: values.length, n, failed, summaryOnly: false, file: record.file };
  }
  const sum = metric.summary;
  if (!sum) return null;
  return {
    median: sum.value,
    min: sum.lo ?? sum.value,
    max: sum.hi ?? sum.value,
    runs: 0,
    n: sum.samples ?? record.runs,
    failed,
    summaryOnly: true,
    file: record.file
  };
}
function pairsByRound(sides, pairing) {
  const b = sides.baseline;
  const c = sides.candidate;
  return pairing === "rounds" && b !== void 0 && c !== void 0 && b.record.runs === c.record.runs && runsOf(b.metric).length === b.record.runs && runsOf(c.metric).length === c.record.runs;
}
function roundsOf(b, c) {
  const cs = runsOf(c);
  return runsOf(b).map((bv, i) => {
    const cv = cs[i] ?? null;
    return { round: i + 1, baseline: bv, candidate: cv, delta: bv !== null && cv !== null ? clean(cv - bv) : null };
  });
}
function cleanShift(s) {
  return { ...s, estimate: clean(s.estimate), lo: clean(s.lo), hi: clean(s.hi) };
}
function names(line, c) {
  return globTest(line)(c.case) || line === c.metric;
}
function isControl(sides, named) {
  const own = [...sides.baseline?.record.controls ?? [], ...sides.candidate?.record.controls ?? []];
  return named.some((line) => names(line, sides)) || own.includes(sides.metric);
}
function compareCase(sides, minEffect, pairing, controls) {
  const baseline = sides.baseline ? summarise(sides.baseline.record, sides.baseline.metric) : null;
  const candidate = sides.candidate ? summarise(sides.candidate.record, sides.candidate.metric) : null;
  const control = isControl(sides, controls);
  const base = {
    case: sides.case,
    shape: sides.shape,
    metric: sides.metric,
    unit: sides.unit,
    direction: sides.direction,
    baseline,
    candidate,
    control,
    attribution: null
  };
  const change = baseline && candidate && baseline.median !== 0 ? clean((candidate.median - baseline.median) / Math.abs(baseline.median)) : null;
  const noData = (reason2) => ({ ...base, method: null, shift: null, change, verdict: "no-data", reason: reason2, drift: false, rounds: null });
  if (!sides.baseline || !baseline) return noData(sides.baseline ? "the baseline reported no run of it" : "only the candidate has this case");
  if (!sides.candidate || !candidate) return noData(sides.candidate ? "the candidate reported no run of it" : "only the baseline has this case");
  if (baseline.summaryOnly || candidate.summaryOnly) return noData("only a summary, no runs: a shift needs the runs of both arms");
  let method;
  let shift;
  let rounds = null;
  if (pairsByRound(sides, pairing)) {
    rounds = roundsOf(sides.baseline.metric, sides.candidate.metric);
    const deltas = rounds.map((r) => r.delta).filter((d) => d !== null);
    if (deltas.length === 0) return { ...noData("no round has both arms reported"), rounds };
    method = "paired";
    shift = cleanShift(pairedShift(deltas));
  } else {
    method = "unpaired";
    shift = cleanShift(unpairedShift(reported(sides.baseline.metric), reported(sides.candidate.metric)));
  }
  const { verdict, reason } = decide(shift, change, sides.direction, minEffect, candidate.median - baseline.median);
  const directional = verdict === "improved" || verdict === "regressed";
  return { ...base, method, shift, change, verdict, reason, drift: control && directional, rounds };
}
function attributeTotal(total, cases) {
  if (!total.baseline || !total.candidate) return null;
  const before = /* @__PURE__ */ new Map();
  const after = /* @__PURE__ */ new Map();
  for (const c of cases) {
    if (c.shape !== total.shape || c.metric === "total" || c.unit !== total.unit) continue;
    if (c.baseline && !c.baseline.summaryOnly) before.set(c.metric, c.baseline.median);
    if (c.candidate && !c.candidate.summaryOnly) after.set(c.metric, c.candidate.median);
  }
  if (before.size === 0 && after.size === 0) return null;
  return attributeChange({ case: total.case, unit: total.unit, total: { before: total.baseline.median, after: total.candidate.median }, before, after });
}
function unknownControls(named, cases) {
  return named.filter((n) => !cases.some((c) => names(n, c)));
}
function compareArms(arms, options = {}) {
  const minEffect = options.minEffect ?? DEFAULT_MIN_EFFECT;
  if (!(minEffect >= 0 && minEffect < 1)) throw new InputError(`compare-min-effect: must be from 0% to below 100%, got ${minEffect * 100}%`);
  const named = options.controls ?? [];
  const pairing = options.pairing ?? "rounds";
  const sides = applyDirectionOverrides(matchCases(arms), options.directionOverrides ?? []);
  const compared = sides.map((s) => compareCase(s, minEffect, pairing, named));
  const unknown = unknownControls(named, compared);
  if (unknown.length > 0) {
    throw new InputError(`control-cases: ${unknown.map((u) => JSON.stringify(u)).join(", ")} ${unknown.length === 1 ? "names" : "name"} no case of the comparison`);
  }
  const cases = compared.map(
    (c) => c.metric === "total" && (c.verdict === "improved" || c.verdict === "regressed") ? { ...c, attribution: attributeTotal(c, compared) } : c
  );
  const notes = [];
  for (const r of [...arms.baseline, ...arms.candidate]) for (const note of r.notes ?? []) notes.push(`${r.file}: ${note}`);
  for (const s of sides) if (s.note !== void 0) notes.push(s.note);
  const shapes = new Set(sides.map((s) => s.shape));
  for (const shape of shapes) {
    const b = arms.baseline.find((r) => r.shape === shape);
    const c = arms.candidate.find((r) => r.shape === shape);
    if (b && c && pairing === "rounds" && b.runs !== c.runs) {
      notes.push(
        `${shape}: the baseline has ${b.runs} run${b.runs === 1 ? "" : "s"} and the candidate ${c.runs}, so rounds cannot pair; shifts are the median of all pairwise differences`
      );
    }
  }
  return {
    cases,
    minEffect,
    confidence: CONFIDENCE,
    drift: cases.filter((c) => c.drift),
    baselineFiles: [...new Set(arms.baseline.map((r) => r.file))],
    candidateFiles: [...new Set(arms.candidate.map((r) => r.file))],
    notes
  };
}

// src/core/compare/report.ts
function compareReport2(records, baseline, options = {}) {
  let arms;
  if (baseline !== void 0 && baseline.length > 0) {
    refuseOtherArm(baseline, "baseline");
    refuseOtherArm(records, "candidate");
    arms = { baseline, candidate: records };
  } else if (records.some((r) => r.arm !== void 0)) {
    arms = splitArms("records", records.filter((r) => r.arm !== void 0));
  } else {
    return null;
  }
  const comparison = compareArms(arms, options);
  return {
    comparison,
    markdown: renderCompareMarkdown(comparison, options),
    json: compareJson(comparison)
  };
}
function parseControlCases(text2) {
  return text2.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#"));
}

// src/core/inputs.ts
function booleanInput(read, readBoolean, name, fallback) {
  const v = read(name).trim();
  if (v === "") return fallback;
  try {
    return readBoolean(name);
  } catch {
    throw new InputError(`${name}: ${JSON.stringify(v)} is not a boolean; use true or false`);
  }
}
function wholeNumber(read, name, fallback, min, max) {
  const v = read(name).trim();
  if (v === "") return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new InputError(`${name}: ${JSON.stringify(v)} must be a whole number from ${min} to ${max}`);
  }
  return Number(v);
}
function storedName(name, source, what = "suite") {
  const problem = nameProblem(name);
  if (problem) throw new InputError(`${source}: ${visible(name)} ${problem}; rename the ${what}`);
  return name;
}

// src/core/regress/settings.ts
function isControlCase(settings, name) {
  const metric = name.includes(" / ") ? name.slice(name.lastIndexOf(" / ") + 3) : name;
  return settings.controlCases.some((p) => globTest(p)(name) || p === metric);
}
function controlCasesMatchingNothing(settings, cases, where2) {
  const names2 = [...cases];
  return settings.controlCases.filter((p) => !names2.some((n) => isControlCase({ controlCases: [p] }, n))).map((p) => `control-cases: ${JSON.stringify(p)} matches no case of ${where2} (one case name, glob or metric name per line)`);
}
function floorsMatchingNothing(settings, units, where2) {
  const all = [...new Set(units)];
  return settings.floors.filter((f) => !all.some((u) => floorIn([f], u) !== void 0)).map((f) => `absolute-floor: ${JSON.stringify(f.text)} applies to no case of ${where2} (their units: ${all.join(", ")}); a time or a size converts to any unit of its kind, anything else applies to its own unit alone`);
}
var DEFAULT_ALERT_SETTINGS = {
  method: "limit",
  ratioThreshold: 1.5,
  window: 30,
  minHistory: 8,
  minEffect: 0.05,
  confidence: 0.999,
  alertAfter: 2,
  maxRun: 3,
  floors: [],
  controlCases: [],
  changePoints: { ...DEFAULT_CHANGE_POINT_SETTINGS, scanLimit: 300, stableAfter: 20 }
};
function percentOrFraction(input, raw, allowAboveOne) {
  const text2 = raw.trim();
  const m = /^(\d+(?:\.\d+)?)\s*(%?)$/.exec(text2);
  if (!m) throw new InputError(`${input}: ${JSON.stringify(raw)} is not a number or a percentage`);
  const n = Number(m[1]);
  const value = m[2] === "%" ? Number((n / 100).toPrecision(12)) : n;
  if (!allowAboveOne && value >= 1) {
    throw new InputError(`${input}: ${JSON.stringify(raw)} must be below 100%`);
  }
  return value;
}
function parseWorseRatio(input, text2, than, example) {
  const ratio = percentOrFraction(input, text2, true);
  if (!text2.includes("%") && ratio >= 10) {
    throw new InputError(`${input}: ${JSON.stringify(text2)} reads as ${ratio} times ${than}; write ${text2}% for a percentage, or a ratio such as 1.5`);
  }
  if (ratio <= 1) throw new InputError(`${input}: ${JSON.stringify(text2)} must be above 100% (${example})`);
  return ratio;
}
function readAlertSettings(read) {
  const get = (name) => read(name).trim();
  const threshold = get("alert-threshold");
  const methodText = get("alert-method") || "auto";
  if (!["auto", "limit", "ratio"].includes(methodText)) {
    throw new InputError(`alert-method: ${JSON.stringify(methodText)} is not one of auto, limit, ratio`);
  }
  const method = methodText === "auto" ? threshold ? "ratio" : "limit" : methodText;
  let ratioThreshold = DEFAULT_ALERT_SETTINGS.ratioThreshold;
  if (threshold) {
    ratioThreshold = parseWorseRatio("alert-threshold", threshold, "the previous value", "150% alerts when a value is 1.5 times the previous");
  } else if (method === "ratio") {
    throw new InputError("alert-method: ratio needs alert-threshold, e.g. 150%");
  }
  const window = wholeNumber(read, "alert-window", DEFAULT_ALERT_SETTINGS.window, 5, 1e3);
  const minEffect = get("min-effect") ? percentOrFraction("min-effect", get("min-effect"), false) : DEFAULT_ALERT_SETTINGS.minEffect;
  let confidence = DEFAULT_ALERT_SETTINGS.confidence;
  if (get("alert-confidence")) {
    confidence = percentOrFraction("alert-confidence", get("alert-confidence"), false);
    if (confidence < 0.5) throw new InputError(`alert-confidence: ${JSON.stringify(get("alert-confidence"))} must be at least 50%, e.g. 99.9%`);
  }
  const alertAfter = wholeNumber(read, "alert-after", DEFAULT_ALERT_SETTINGS.alertAfter, 1, DEFAULT_ALERT_SETTINGS.maxRun);
  return {
    ...DEFAULT_ALERT_SETTINGS,
    method,
    ratioThreshold,
    window,
    minHistory: Math.min(DEFAULT_ALERT_SETTINGS.minHistory, window),
    minEffect,
    confidence,
    alertAfter,
    floors: parseAbsoluteFloors(read("absolute-floor")),
    controlCases: parseControlCases(read("control-cases"))
  };
}

// src/core/regress/host.ts
var HOST_WITNESSES = 3;
function recentMove(points, direction, skip = 0) {
  return moveAt(points, points.length - 1, direction, skip);
}
var recent = new Float64Array(10);
function moveAt(points, at, direction, skip) {
  const newest = points[at];
  const end = at - skip;
  let count = 0;
  for (let j = Math.max(0, end - 10); j < end; j++) {
    const v = points[j].value;
    if (v > 0) recent[count++] = v;
  }
  if (!newest || count < 8 || !(newest.value > 0)) return void 0;
  return worseChange(newest.value, quantileSorted(recent.subarray(0, count).sort(), 0.5), direction);
}
var TYPICAL_MOVES = 30;
var TYPICAL_LEAST = 10;
var SCATTER_FACTOR = 2;
var SCATTER_SHARE = 0.5;
function typicalMove(at, moveOf) {
  const sizes = [];
  for (let j = Math.max(0, at - TYPICAL_MOVES); j < at; j++) {
    const m = moveOf(j);
    if (m !== void 0) sizes.push(Math.abs(m));
  }
  return sizes.length < TYPICAL_LEAST ? void 0 : median(sizes);
}
function typicalMoveAt(points, at, direction) {
  return typicalMove(at, (j) => moveAt(points, j, direction, 0));
}
function jumped(move, typical, minEffect) {
  return Math.abs(move) >= Math.max(minEffect, SCATTER_FACTOR * typical);
}
function machineWitness(moved, scattered) {
  return moved === false && scattered === true ? true : moved;
}
function controlsMovedSince(controls, from, since, now, minEffect) {
  const moves = [];
  for (const c of controls) {
    const stood = (p) => p.until === void 0 || p.until > now;
    const before = c.points.filter((p) => p.seq >= from && p.seq < since && stood(p)).map((p) => p.value);
    const cur = c.points.filter((p) => p.seq >= since && p.seq <= now && stood(p)).pop();
    if (cur === void 0 || before.length === 0) continue;
    const level2 = median(before);
    if (!(level2 > 0)) continue;
    moves.push(worseChange(cur.value, level2, c.direction));
  }
  return moves.length ? median(moves) >= minEffect : void 0;
}
function controlsMoved(moves, settings) {
  const controls = [...moves].filter(([name]) => isControlCase(settings, name)).map(([, m]) => m);
  return controls.length ? median(controls) >= settings.minEffect : void 0;
}
var MOVED_AS_ONE_SHARE = 0.9;
function jobMovedAsOne(moves, minEffect) {
  if (sameFactor(moves, minEffect) !== void 0) return true;
  if (moves.length <= HOST_WITNESSES) return false;
  return moves.filter((m) => m >= minEffect).length >= MOVED_AS_ONE_SHARE * moves.length;
}
var JobEpisodes = class {
  constructor(minEffect, casesAt) {
    this.minEffect = minEffect;
    this.casesAt = casesAt;
  }
  minEffect;
  casesAt;
  index = /* @__PURE__ */ new Map();
  moves = /* @__PURE__ */ new Map();
  verdicts = /* @__PURE__ */ new Map();
  at(c, seq) {
    let m = this.index.get(c);
    if (!m) {
      m = /* @__PURE__ */ new Map();
      c.points.forEach((p, i) => m.set(p.seq, i));
      this.index.set(c, m);
    }
    return m.get(seq);
  }
  moveOf(c, seq, skip) {
    let m = this.moves.get(c);
    if (!m) this.moves.set(c, m = /* @__PURE__ */ new Map());
    const key2 = seq * (ALIKE_LOOKBACK + 1) + skip;
    if (m.has(key2)) return m.get(key2);
    const i = this.at(c, seq);
    const move = i === void 0 ? void 0 : moveAt(c.points, i, c.direction, skip);
    m.set(key2, move);
    return move;
  }
  /** The commits of the job before `seq`, newest first: where its cases have points. */
  chain(seq, cases) {
    const seqs = /* @__PURE__ */ new Set();
    for (const c of cases) {
      const i = this.at(c, seq);
      if (i === void 0) continue;
      for (let j = i - 1; j >= Math.max(0, i - 2 * ALIKE_LOOKBACK); j--) seqs.add(c.points[j].seq);
    }
    return [...seqs].sort((a, b) => b - a).slice(0, 2 * ALIKE_LOOKBACK);
  }
  /** Whether the job moved as one at commit `seq`. */
  movedAsOne(seq) {
    const known = this.verdicts.get(seq);
    if (known !== void 0) return known;
    const cases = this.casesAt(seq);
    let run = 0;
    let moved = false;
    for (const s of [...this.chain(seq, cases).reverse(), seq]) {
      const moves = [];
      for (const c of cases) {
        const m = this.moveOf(c, s, run);
        if (m !== void 0) moves.push(m);
      }
      moved = run < ALIKE_LOOKBACK && jobMovedAsOne(moves, this.minEffect);
      run = moved ? run + 1 : 0;
    }
    this.verdicts.set(seq, moved);
    return moved;
  }
};

// src/core/regress/rebench.ts
var REBENCH_LOOKBACK = 200;
function suiteStart(cases, suite, seq) {
  return cases.reduce((m, c) => c.suite === suite ? Math.min(m, c.firstSeq) : m, seq);
}
function rebenchesOlder(before, entry2, lookback = REBENCH_LOOKBACK) {
  const end = before.findLastIndex((e) => e.seq < entry2.seq) + 1;
  return olderAt(before, end, entry2.sha, lookback);
}
function rebenchFrom(before, entry2, complete, lookback = REBENCH_LOOKBACK) {
  if (!complete && before.filter((e) => e.seq < entry2.seq).length < lookback) return void 0;
  return rebenchesOlder(before, entry2, lookback);
}
function olderAt(entries, end, sha, lookback) {
  let other = false;
  for (let k = end - 1; k >= Math.max(0, end - lookback); k--) {
    if (entries[k].sha !== sha) other = true;
    else if (other) return true;
  }
  return false;
}
function olderRebenches(entries, judged2 = () => true, lookback = REBENCH_LOOKBACK) {
  const out = /* @__PURE__ */ new Set();
  entries.forEach((e, i) => {
    if (judged2(e) && olderAt(entries, i, e.sha, lookback)) out.add(e.seq);
  });
  return out;
}

// src/core/regress/alerts.ts
var MAX_ALERTS_PER_CASE = 60;
function key(a) {
  return `${a.kind}\0${a.suite}\0${a.case}\0${a.sha}`;
}
function caseKey(suite, name) {
  return `${suite}\0${name}`;
}
function changePointReason(c, unit, direction) {
  return `${describeWorseChange(c.change, direction)}: median ${levels(unit, c.before, c.after, " \u2192 ")} from this commit on${DETAILS}`;
}
function memoryOf(alerts, suite, name) {
  const mine = alerts.filter((a) => a.suite === suite && a.case === name);
  return {
    changePoints: mine.filter((a) => a.kind === "change-point").map(({ sha, seq, status, change }) => ({ sha, seq, status, ...change !== void 0 ? { change } : {} })),
    regressions: mine.filter((a) => a.kind === "regression").map(({ sha, seq, status }) => ({ sha, seq, status }))
  };
}
function raisedByReplacedRun(alerts, suite, sha, cases) {
  return alerts.filter((a) => a.kind === "regression" && a.suite === suite && cases.has(a.case) && regressionRaisedBy(a, sha));
}
function regressionRaisedBy(a, sha) {
  return (a.raisedAt ?? a.sha) === sha;
}
function announced(a) {
  return a.kind === "regression" || a.raised === true;
}
function announcedBy(a, sha) {
  if (a.kind === "regression") return regressionRaisedBy(a, sha);
  return a.raised === true && a.undo?.at === sha && !(a.undo.was ?? []).some((w) => key(w) === key(a) && w.raised === true);
}
function withdrawnAlerts(previous, after, suite, sha, cases) {
  const again = new Set(after.filter(announced).map(key));
  return previous.filter((a) => a.suite === suite && cases.has(a.case) && announced(a) && announcedBy(a, sha) && !again.has(key(a))).map((a) => ({ ...bare(a), status: "cleared", reason: withCaveat(a.reason ?? "regressed", `cleared: a re-run of ${sha.slice(0, 7)} replaced the run that raised it`) }));
}
function bare(a) {
  if (a.undo === void 0) return a;
  const { undo: _undo, ...rest } = a;
  return rest;
}
function sameEntry(a, b) {
  return a.seq === b.seq && a.status === b.status && a.baseline === b.baseline && a.value === b.value && a.change === b.change && a.reason === b.reason && a.raised === b.raised && a.raisedAt === b.raisedAt;
}
function undoRun(alerts, suite, sha, cases) {
  const undone = (a) => a.undo?.at === sha && a.suite === suite && cases.has(a.case);
  if (!alerts.some(undone)) return alerts;
  const byKey = /* @__PURE__ */ new Map();
  const back2 = [];
  for (const a of alerts) {
    if (undone(a)) back2.push(...a.undo?.was ?? []);
    else byKey.set(key(a), a);
  }
  for (const a of back2) byKey.set(key(a), a);
  return [...byKey.values()].sort((a, b) => a.seq - b.seq);
}
function withUndo(before, after, suite, sha, cases) {
  const judged2 = (a) => a.suite === suite && cases.has(a.case);
  const was = /* @__PURE__ */ new Map();
  for (const a of before) if (judged2(a)) was.set(key(a), bare(a));
  const kept = /* @__PURE__ */ new Set();
  const out = after.map((a) => {
    if (!judged2(a)) return a;
    const k = key(a);
    kept.add(k);
    const now = bare(a);
    const prior = was.get(k);
    if (prior && sameEntry(prior, now)) return now;
    return { ...now, undo: { at: sha, ...prior ? { was: [prior] } : {} } };
  });
  const gone = /* @__PURE__ */ new Map();
  for (const [k, a] of was) {
    if (kept.has(k)) continue;
    const c = caseKey(a.suite, a.case);
    gone.set(c, [...gone.get(c) ?? [], a]);
  }
  if (gone.size === 0) return out;
  return out.map((a) => {
    const c = caseKey(a.suite, a.case);
    const lost = gone.get(c);
    if (!lost || a.undo?.at !== sha) return a;
    gone.delete(c);
    return { ...a, undo: { at: sha, was: [...a.undo.was ?? [], ...lost] } };
  });
}
function updateAlerts(previous, verdicts, changePoints) {
  const byKey = /* @__PURE__ */ new Map();
  for (const a of previous) byKey.set(key(a), a);
  const touched = /* @__PURE__ */ new Set();
  for (const v of verdicts) {
    touched.add(caseKey(v.suite, v.case));
    for (const t of v.transitions) {
      const k = key({ kind: t.kind, suite: v.suite, case: v.case, sha: t.sha });
      const was = byKey.get(k);
      if (!was || was.status === t.status) continue;
      byKey.set(k, { ...was, status: t.status, reason: was.reason ? withCaveat(was.reason, t.reason) : t.reason });
    }
    if (v.alert?.kind === "regression") {
      const a = v.alert;
      byKey.set(key({ kind: "regression", suite: v.suite, case: v.case, sha: a.sha }), {
        kind: "regression",
        suite: v.suite,
        case: v.case,
        sha: a.sha,
        seq: a.seq,
        status: "suspected",
        baseline: a.baseline,
        value: a.value,
        ...a.change !== void 0 ? { change: a.change } : {},
        reason: a.reason,
        raisedAt: v.sha
      });
    }
  }
  for (const cps of changePoints) {
    touched.add(caseKey(cps.suite, cps.case));
    const found = new Set(cps.found.map((c) => c.sha));
    for (const [k, a] of byKey) {
      if (a.kind !== "change-point" || a.suite !== cps.suite || a.case !== cps.case) continue;
      if (a.status !== "suspected" || a.seq < cps.fromSeq || a.seq > cps.toSeq || found.has(a.sha)) continue;
      byKey.set(k, { ...a, status: "cleared", reason: withCaveat(a.reason ?? "step", "cleared: no longer found with more commits") });
    }
    for (const c of cps.found) {
      if (c.movedFrom !== void 0) byKey.delete(key({ kind: "change-point", suite: cps.suite, case: cps.case, sha: c.movedFrom }));
      const k = key({ kind: "change-point", suite: cps.suite, case: cps.case, sha: c.sha });
      const was = byKey.get(k);
      byKey.set(k, {
        kind: "change-point",
        suite: cps.suite,
        case: cps.case,
        sha: c.sha,
        seq: c.seq,
        status: c.status,
        baseline: c.before,
        value: c.after,
        change: c.change,
        // Worded afresh with each estimate, as its change is, so the two never disagree; a step
        // raised keeps the words it was raised with.
        reason: was?.raised && was.reason !== void 0 ? was.reason : changePointReason(c, cps.unit, cps.direction),
        ...was?.raised ? { raised: true } : {}
      });
    }
  }
  for (const v of verdicts) {
    if (v.alert?.kind !== "change-point") continue;
    const k = key({ kind: "change-point", suite: v.suite, case: v.case, sha: v.alert.sha });
    const was = byKey.get(k);
    if (was) byKey.set(k, { ...was, raised: true, reason: was.raised && was.reason !== void 0 ? was.reason : v.alert.reason });
  }
  const all = [...byKey.values()].sort((a, b) => a.seq - b.seq);
  return pruned(all, touched);
}
function pruned(all, touched) {
  const perCase = /* @__PURE__ */ new Map();
  for (const a of all) {
    const k = caseKey(a.suite, a.case);
    const list = perCase.get(k) ?? [];
    list.push(a);
    perCase.set(k, list);
  }
  const drop = /* @__PURE__ */ new Set();
  for (const [k, list] of perCase) {
    if (!touched.has(k) || list.length <= MAX_ALERTS_PER_CASE) continue;
    let excess = list.length - MAX_ALERTS_PER_CASE;
    for (const a of list) {
      if (excess === 0) break;
      if (a.status === "cleared") {
        drop.add(a);
        excess--;
      }
    }
    for (const a of list) {
      if (excess === 0) break;
      if (!drop.has(a)) {
        drop.add(a);
        excess--;
      }
    }
  }
  return drop.size ? all.filter((a) => !drop.has(a)) : all;
}
function changedAlerts(before, after) {
  const was = new Map(before.map((a) => [key(a), a.status]));
  return after.filter((a) => was.get(key(a)) !== a.status);
}

// src/core/regress/replay.ts
function standingIndices(points, end, seq, keep) {
  const out = [];
  for (let i = end - 1; i >= 0 && out.length < keep; i--) {
    const until = points[i].until;
    if (until === void 0 || until > seq) out.push(i);
  }
  return out.reverse();
}
var back = (t, k, before) => before ? before[k - 1] : t - k >= 0 ? t - k : void 0;
function alikeBefore(alike, t, before) {
  const out = [];
  for (let k = 1, i = back(t, 1, before); k <= ALIKE_LOOKBACK && i !== void 0; i = back(t, ++k, before)) out.push(alike(i) === true);
  return out;
}
function hostBefore(host, t, count, before) {
  const out = [];
  for (let k = 1, i = back(t, 1, before); k <= count && i !== void 0; i = back(t, ++k, before)) out.push(host(i));
  return out;
}
function replay(series, settings, options) {
  const limit = settings.changePoints.scanLimit;
  const indexBySha = new Map(series.points.map((p, i) => [p.sha, i]));
  const replaced = series.points.some((p) => p.until !== void 0);
  let alerts = [];
  let raised = [];
  const verdicts = [];
  let assessed = 0;
  for (let t = options.from ?? 0; t < series.points.length; t++) {
    const newest = series.points[t];
    if (newest.rebench === true) {
      const stale = (a) => a.kind === "regression" && (a.raisedAt ?? a.sha) === newest.sha;
      alerts = alerts.filter((a) => !stale(a));
      raised = raised.filter((a) => !stale({ kind: a.kind, sha: a.sha, raisedAt: series.points[a.at].sha }));
      continue;
    }
    const at = replaced ? standingIndices(series.points, t + 1, newest.seq, limit) : void 0;
    const window = at ? at.map((i) => series.points[i]) : series.points.slice(Math.max(0, t + 1 - limit), t + 1);
    const before = at?.slice(0, -1).reverse();
    const hostMoved = options.hostMoved?.(t);
    const hostMovedBefore = options.hostMoved ? hostBefore(options.hostMoved, t, HOST_WAIT, before) : void 0;
    const runnerNoise = options.runnerNoise?.(t);
    const since = options.controlsMovedSince;
    const jobMovedAlike = options.jobMovedAlike?.(t);
    const jobMovedAlikeBefore = options.jobMovedAlike ? alikeBefore(options.jobMovedAlike, t, before) : void 0;
    const { verdict, changePoints } = assessCase({ ...series, points: window }, memoryOf(alerts, series.suite, series.case), settings, {
      suiteCases: options.suiteCasesAt?.(t) ?? options.suiteCases,
      ...hostMoved !== void 0 ? { hostMoved } : {},
      ...hostMovedBefore !== void 0 ? { hostMovedBefore } : {},
      ...runnerNoise !== void 0 ? { runnerNoise } : {},
      ...since ? { controlsMovedSince: (from, seqSince) => since(t, from, seqSince) } : {},
      ...jobMovedAlike !== void 0 ? { jobMovedAlike } : {},
      ...jobMovedAlikeBefore !== void 0 ? { jobMovedAlikeBefore } : {}
    });
    alerts = updateAlerts(alerts, [verdict], [changePoints]);
    verdicts[t] = verdict.kind;
    assessed++;
    const sha = verdict.alert?.sha;
    const index = at ? at.findLast((i) => series.points[i].sha === sha) : indexBySha.get(sha ?? "");
    if (verdict.alert) raised.push({ ...verdict.alert, at: t, index: index ?? t });
  }
  return { raised, verdicts, alerts, assessed };
}

// src/core/regress/replay-trend.ts
var HostWitness = class {
  constructor(moves, minEffect, typical = /* @__PURE__ */ new Map()) {
    this.moves = moves;
    this.minEffect = minEffect;
    this.typical = typical;
    this.sorted = Float64Array.from(moves.values()).sort();
    let jumps = 0;
    for (const [name, move] of moves) {
      const t = typical.get(name);
      if (t !== void 0 && jumped(move, t, minEffect)) jumps++;
    }
    this.jumps = jumps;
  }
  moves;
  minEffect;
  typical;
  sorted;
  jumps;
  scatteredWithout(self) {
    const move = this.moves.get(self);
    const t = this.typical.get(self);
    const others = this.moves.size - (move !== void 0 ? 1 : 0);
    if (others < HOST_WITNESSES) return void 0;
    return this.jumps - (move !== void 0 && t !== void 0 && jumped(move, t, this.minEffect) ? 1 : 0) >= SCATTER_SHARE * others;
  }
  /** machineWitness: the machine moved or scattered the suite, without self. */
  witnessWithout(self) {
    return machineWitness(this.movedWithout(self), this.scatteredWithout(self));
  }
  movedWithout(self) {
    const s = this.sorted;
    const own = this.moves.get(self);
    if (own === void 0) {
      if (s.length < HOST_WITNESSES) return void 0;
      return s[Math.floor(s.length / 2)] >= this.minEffect;
    }
    const others = s.length - 1;
    if (others < HOST_WITNESSES) return void 0;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (s[mid] < own) lo = mid + 1;
      else hi = mid;
    }
    const at = Math.floor(others / 2);
    return s[at < lo ? at : at + 1] >= this.minEffect;
  }
};
function planReplay(given, settings, onlySuite, judgeFrom, older) {
  const all = [...given];
  const sizeOf = new Map(all.map((s) => [s.seq, s.points.length]));
  const rebenched = rebenchedSeqs(all, onlySuite);
  const { segments, until } = replaySegments(all, rebenched);
  const bySuite = suitesOf(segments, onlySuite);
  const jobs = [];
  for (const [suite, segs] of bySuite) {
    const cases = /* @__PURE__ */ new Map();
    const movesAt = /* @__PURE__ */ new Map();
    const movesOf = /* @__PURE__ */ new Map();
    const typicalAt = /* @__PURE__ */ new Map();
    const casesAt = /* @__PURE__ */ new Map();
    const previousOf = previousEntrySeqs(segs.filter((s) => s.points.length > 0).map((s) => ({ seq: s.seq, sha: s.commit.sha })));
    const rebenchedCases = /* @__PURE__ */ new Set();
    for (const seg of segs) for (const p of seg.points) if (until.has(`${seg.seq}\0${p.case}`)) rebenchedCases.add(p.case);
    segs.forEach((seg) => {
      const previousSeq = previousOf.get(seg.seq);
      const moves = /* @__PURE__ */ new Map();
      const here = [];
      casesAt.set(seg.seq, here);
      for (const p of seg.points) {
        let c = cases.get(p.case);
        if (!c) cases.set(p.case, c = { unit: p.unit, direction: p.direction, points: [] });
        here.push(c);
        const gone = until.get(`${seg.seq}\0${p.case}`);
        c.points.push({ sha: seg.commit.sha, seq: seg.seq, value: p.value, q1: p.q1, q3: p.q3, runs: p.runs, n: p.n, ...previousSeq !== void 0 ? { previousSeq } : {}, ...p.summaryOnly === true ? { summaryOnly: true } : {}, ...rebenched.has(seg.seq) || older?.has(seg.seq) === true ? { rebench: true } : {}, ...gone !== void 0 ? { until: gone } : {} });
        const seen = rebenchedCases.has(p.case) ? standing(c.points, seg.seq) : c.points;
        const move = recentMove(seen, c.direction);
        if (move !== void 0) moves.set(p.case, move);
        let own = movesOf.get(p.case);
        if (!own) movesOf.set(p.case, own = []);
        const moved = own;
        const typical = rebenchedCases.has(p.case) ? typicalMoveAt(seen, seen.length - 1, c.direction) : typicalMove(moved.length, (j) => moved[j]);
        own.push(move);
        if (typical !== void 0) {
          let at = typicalAt.get(seg.seq);
          if (!at) typicalAt.set(seg.seq, at = /* @__PURE__ */ new Map());
          at.set(p.case, typical);
        }
      }
      movesAt.set(seg.seq, moves);
    });
    const controlMovedAt = /* @__PURE__ */ new Map();
    const rebenchedHistories = new Set([...cases].filter(([name]) => rebenchedCases.has(name)).map(([, c]) => c));
    const episodes = new JobEpisodes(settings.minEffect, (seq) => {
      const here = casesAt.get(seq) ?? [];
      return rebenchedHistories.size === 0 ? here : here.map((c) => rebenchedHistories.has(c) ? { direction: c.direction, points: standing(c.points, seq) } : c);
    });
    const alikeAt = /* @__PURE__ */ new Map();
    for (const [seq, moves] of movesAt) {
      alikeAt.set(seq, episodes.movedAsOne(seq));
      controlMovedAt.set(seq, controlsMoved(moves, settings));
    }
    const hosts = /* @__PURE__ */ new Map();
    const hostAt = (seq) => {
      let h = hosts.get(seq);
      if (!h) hosts.set(seq, h = new HostWitness(movesAt.get(seq) ?? /* @__PURE__ */ new Map(), settings.minEffect, typicalAt.get(seq)));
      return h;
    };
    const replaced = replacedControlPoints(all, suite, settings);
    const controls = [...cases].filter(([name]) => isControlCase(settings, name)).map(([name, c]) => {
      const points = c.points.map((p) => ({ seq: p.seq, value: p.value, ...p.until !== void 0 ? { until: p.until } : {} }));
      const kept = new Set(points.map((p) => p.seq));
      const gone = replaced.get(name)?.filter((p) => !kept.has(p.seq));
      return { direction: c.direction, points: gone?.length ? [...points, ...gone].sort((a, b) => a.seq - b.seq) : points };
    });
    for (const [name, c] of cases) {
      const control = isControlCase(settings, name);
      const hostMoved = [];
      const runnerNoise = [];
      const jobMovedAlike = [];
      const suiteCases = [];
      for (const p of c.points) {
        suiteCases.push(sizeOf.get(p.seq) ?? 1);
        const controlMoved = controlMovedAt.get(p.seq);
        hostMoved.push(controlMoved ?? hostAt(p.seq).witnessWithout(name));
        runnerNoise.push(control ? true : controlMoved);
        jobMovedAlike.push(alikeAt.get(p.seq));
      }
      const firstSeq = judgeFrom?.get(suite);
      const from = firstSeq === void 0 ? void 0 : c.points.findIndex((p) => p.seq >= firstSeq);
      jobs.push({
        suite,
        case: name,
        unit: c.unit,
        direction: c.direction,
        points: c.points,
        suiteCases,
        hostMoved,
        runnerNoise,
        jobMovedAlike,
        ...controls.length ? { controls } : {},
        ...from !== void 0 ? { from: from < 0 ? c.points.length : from } : {}
      });
    }
  }
  const order = /* @__PURE__ */ new Map();
  for (const s of segments) if (!order.has(s.commit.sha)) order.set(s.commit.sha, s.seq);
  return { jobs, order };
}
function standing(points, seq, keep = STANDING_KEEP) {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (points[mid].seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return standingIndices(points, lo, seq, keep).map((i) => points[i]);
}
var STANDING_KEEP = 64;
function suitesOf(segments, onlySuite) {
  const bySuite = /* @__PURE__ */ new Map();
  for (const s of segments) {
    if (onlySuite !== void 0 && s.suite !== onlySuite) continue;
    const list = bySuite.get(s.suite);
    if (list) list.push(s);
    else bySuite.set(s.suite, [s]);
  }
  return bySuite;
}
function replaySegments(all, rebenched) {
  const segments = [...resolveSegments(all.filter((s) => !rebenched.has(s.seq))), ...all.filter((s) => rebenched.has(s.seq))].sort((a, b) => a.seq - b.seq);
  const until = /* @__PURE__ */ new Map();
  if (rebenched.size === 0) return { segments, until };
  const standingAt = /* @__PURE__ */ new Map();
  for (const s of segments) {
    const at = `${s.suite}\0${s.commit.sha}`;
    const list = standingAt.get(at) ?? [];
    if (rebenched.has(s.seq)) {
      const shapes = new Set(s.shapes);
      for (const q of list) if (shapes.has(q.shape) && !until.has(`${q.seq}\0${q.case}`)) until.set(`${q.seq}\0${q.case}`, s.seq);
    }
    for (const p of s.points) list.push({ seq: s.seq, case: p.case, shape: p.shape });
    standingAt.set(at, list);
  }
  return { segments, until };
}
function rebenchedSeqs(all, onlySuite) {
  const out = /* @__PURE__ */ new Set();
  for (const list of suitesOf(all, onlySuite).values()) {
    list.sort((a, b) => a.seq - b.seq);
    const entries = list.map((s) => ({ seq: s.seq, sha: s.commit.sha, imported: s.imported !== void 0 }));
    for (const seq of olderRebenches(entries, (e) => !e.imported)) out.add(seq);
  }
  return out;
}
function replacedControlPoints(all, suite, settings) {
  const out = /* @__PURE__ */ new Map();
  if (settings.controlCases.length === 0) return out;
  const runs2 = /* @__PURE__ */ new Map();
  for (const s of all) {
    if (s.suite !== suite || s.imported !== void 0) continue;
    for (const shape of s.shapes) {
      const k = `${s.commit.sha}\0${shape}`;
      const list = runs2.get(k);
      if (list) list.push(s);
      else runs2.set(k, [s]);
    }
  }
  for (const [k, list] of runs2) {
    if (list.length < 2) continue;
    const shape = k.slice(k.indexOf("\0") + 1);
    list.sort((a, b) => a.seq - b.seq);
    list.slice(0, -1).forEach((s, i) => {
      const until = list[i + 1].seq;
      for (const p of s.points) {
        if (p.shape !== shape || !isControlCase(settings, p.case)) continue;
        const points = out.get(p.case);
        if (points) points.push({ seq: s.seq, value: p.value, until });
        else out.set(p.case, [{ seq: s.seq, value: p.value, until }]);
      }
    });
  }
  return out;
}
function replayJob(job, settings) {
  return replay({ suite: job.suite, case: job.case, unit: job.unit, direction: job.direction, points: job.points }, settings, {
    suiteCases: 1,
    suiteCasesAt: (i) => job.suiteCases[i] ?? 1,
    from: Math.max(1, job.from ?? 1),
    hostMoved: (i) => job.hostMoved[i],
    runnerNoise: (i) => job.runnerNoise[i],
    ...job.controls ? { controlsMovedSince: (i, from, since) => controlsMovedSince(job.controls, from, since, job.points[i].seq, settings.minEffect) } : {},
    jobMovedAlike: (i) => job.jobMovedAlike[i]
  });
}
function replayCase(job, settings) {
  const { suite, points } = job;
  const r = replayJob(job, settings);
  const alerts = r.raised.map((a) => {
    const stored = r.alerts.find((s) => s.kind === a.kind && s.sha === a.sha);
    return {
      suite,
      case: job.case,
      kind: a.kind,
      sha: a.sha,
      raisedAt: points[a.at].sha,
      status: stored?.status ?? "suspected",
      unit: job.unit,
      direction: job.direction,
      baseline: a.baseline,
      value: a.value,
      change: a.change ?? null,
      changeText: describeWorseChange(a.change, job.direction),
      // The words the page and the comment show after the last commit: what raised it, then what
      // confirmed or cleared it.
      reason: stored?.reason ?? a.reason
    };
  });
  return { alerts, stored: [...r.alerts] };
}
function mergeReplays(plan, results) {
  const out = results.flatMap((r) => r.alerts);
  const stored = results.flatMap((r) => r.stored);
  const order = plan.order;
  stored.sort((a, b) => a.seq - b.seq || a.suite.localeCompare(b.suite) || a.case.localeCompare(b.case));
  const alerts = out.sort((a, b) => (order.get(a.sha) ?? 0) - (order.get(b.sha) ?? 0) || a.suite.localeCompare(b.suite) || a.case.localeCompare(b.case));
  return { alerts, stored };
}

// src/effects/replay-pool.ts
var REPLAY_WORKER = "benchtrend-replay-worker";
var entry;
var workerCount;
var SPILL_MS = 1e3;
var spillMs = SPILL_MS;
var warm = [];
function spawn(file, settings) {
  const worker = new Worker(file, { workerData: { role: REPLAY_WORKER, settings } });
  const started = { worker, settings, ended: false };
  worker.on("error", () => started.ended = true);
  worker.once("exit", () => started.ended = true);
  return started;
}
function configureReplayWorkers(file, workers, spill = SPILL_MS) {
  entry = file === void 0 ? void 0 : new URL(file);
  workerCount = workers;
  spillMs = spill;
}
function replayWorkersFrom(text2) {
  const n = text2 === void 0 || text2.trim() === "" ? NaN : Number(text2);
  return Number.isInteger(n) && n >= 1 ? n : void 0;
}
function replaySpillFrom(text2) {
  const n = text2 === void 0 || text2.trim() === "" ? NaN : Number(text2);
  return Number.isInteger(n) && n >= 0 ? n : SPILL_MS;
}
function stopReplayWorkers() {
  for (const w of warm) void w.worker.terminate();
  warm = [];
}
function takeWarm(settings, count) {
  const usable = warm.filter((w) => !w.ended && w.settings === settings).slice(0, count);
  for (const w of warm) if (!usable.includes(w)) void w.worker.terminate();
  warm = [];
  return usable.map((w) => {
    w.worker.ref();
    return w.worker;
  });
}
function isReplayWorker(data) {
  return typeof data === "object" && data !== null && data.role === REPLAY_WORKER;
}
function serveReplayWorker(port, data) {
  if (!port) throw new Error("a replay worker needs its parent port");
  port.on("message", (m) => {
    port.postMessage({ id: m.id, result: replayCase(m.job, data.settings) });
  });
}
var WORKER_POINTS = 2e4;
function judgedPointsOf(j) {
  return Math.max(0, j.points.length - Math.max(1, j.from ?? 1));
}
function judgedPoints(jobs) {
  return jobs.reduce((n, j) => n + judgedPointsOf(j), 0);
}
function spillsAt(elapsed, done, rest, limit) {
  return done > 0 && rest > 0 && elapsed >= limit && elapsed / done * rest >= 2 * limit;
}
function workersFor(jobs, asked, cores) {
  if (asked === void 0 && judgedPoints(jobs) < WORKER_POINTS) return 0;
  const n = Math.min(asked ?? cores, jobs.length);
  return n > 1 ? n : 0;
}
async function replayOnWorkers(given, settings, onlySuite, judgeFrom, older) {
  const plan = planReplay(given, settings, onlySuite, judgeFrom, older);
  const cores = availableParallelism();
  const workers = entry === void 0 ? 0 : workersFor(plan.jobs, workerCount, cores);
  let file = workerCount === void 0 && cores > 1 ? entry : void 0;
  if (entry !== void 0 && workers > 1) {
    try {
      return { ...mergeReplays(plan, await onWorkers(entry, workers, plan.jobs, settings)), threads: workers };
    } catch {
      file = void 0;
    }
  }
  stopReplayWorkers();
  const results = new Array(plan.jobs.length);
  const queue = longestFirst(plan.jobs);
  const start = performance.now();
  let done = 0;
  let rest = judgedPoints(plan.jobs);
  for (let k = 0; k < queue.length; k++) {
    const id = queue[k];
    const job = plan.jobs[id];
    results[id] = replayCase(job, settings);
    const points = judgedPointsOf(job);
    done += points;
    rest -= points;
    if (file === void 0 || queue.length - k - 1 < 2 || !spillsAt(performance.now() - start, done, rest, spillMs)) continue;
    const left = queue.slice(k + 1);
    const count = Math.min(cores, left.length);
    try {
      const spilled = await onWorkers(file, count, left.map((i) => plan.jobs[i]), settings);
      left.forEach((i, j) => results[i] = spilled[j]);
      return { ...mergeReplays(plan, results), threads: count, spilledAfter: k + 1 };
    } catch {
      file = void 0;
    }
  }
  return { ...mergeReplays(plan, results), threads: 0 };
}
function longestFirst(jobs) {
  return jobs.map((_, i) => i).sort((a, b) => jobs[b].points.length - jobs[a].points.length || a - b);
}
async function replayStoredAlertsOnWorkers(given, settings, onlySuite, judgeFrom, older) {
  return (await replayOnWorkers(given, settings, onlySuite, judgeFrom, older)).stored;
}
function onWorkers(file, count, jobs, settings) {
  const queue = longestFirst(jobs);
  const results = new Array(jobs.length);
  let done = 0;
  let next = 0;
  const pool = [];
  return new Promise((resolve6, reject) => {
    let settled = false;
    const finish = (error) => {
      if (settled) return;
      settled = true;
      void Promise.all(pool.map((w) => w.terminate())).then(() => error === void 0 ? resolve6(results) : reject(error), reject);
    };
    const feed = (w) => {
      if (next >= queue.length) return;
      const id = queue[next++];
      w.postMessage({ id, job: jobs[id] });
    };
    const ready = takeWarm(settings, count);
    for (let i = 0; i < count; i++) {
      const w = ready[i] ?? spawn(file, settings).worker;
      pool.push(w);
      w.on("message", (m) => {
        results[m.id] = m.result;
        done++;
        if (done === jobs.length) finish();
        else feed(w);
      });
      w.on("error", (e) => finish(e));
      w.on("exit", (code) => {
        if (!settled) finish(new Error(`a replay worker stopped (exit code ${code}) before the replay was done`));
      });
      feed(w);
    }
  });
}

// src/effects/git.ts
import { spawn as spawn2 } from "node:child_process";

// src/core/trend/remote.ts
import { isAbsolute, resolve } from "node:path";
var SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
var SCP = /^[\w.-]+@[\w.-]+:/;
var OWNER_NAME = /^[\w.-]+\/[\w.-]+$/;
var HOST_OWNER_NAME = /^((?:[\w-]+\.)+[\w-]+(?::\d+)?|[\w.-]+:\d+)\/([\w.-]+\/[\w.-]+)$/;
function hostOf(serverUrl) {
  try {
    return new URL(serverUrl).host.toLowerCase();
  } catch {
    return void 0;
  }
}
function isOwnerName(text2) {
  return OWNER_NAME.test(text2);
}
var USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/@]*)@/i;
function decoded(text2) {
  try {
    return decodeURIComponent(text2);
  } catch {
    return text2;
  }
}
var GITHUB_TOKEN_SHAPE = /^(?:gh[opsur]_|github_pat_)/;
function tokenShaped(user) {
  return GITHUB_TOKEN_SHAPE.test(user) || /^glpat-/.test(user) || /^[A-Za-z0-9_%-]{30,}$/.test(user);
}
function basicCredentials(user, password) {
  return Buffer.from(`${decoded(user)}:${decoded(password)}`, "utf8").toString("base64");
}
function userIsSecret(scheme, user, password) {
  if (/^(?:git\+)?ssh:/i.test(scheme)) return false;
  return password === void 0 || /^x-oauth-basic$/i.test(decoded(password)) || GITHUB_TOKEN_SHAPE.test(decoded(user));
}
function redactUrl(url) {
  return url.replace(USERINFO, (_m, scheme, userinfo) => {
    const colon = userinfo.indexOf(":");
    const user = colon >= 0 ? userinfo.slice(0, colon) : userinfo;
    const password = colon >= 0 ? userinfo.slice(colon + 1) : void 0;
    const shownUser = userIsSecret(scheme, user, password) ? "***" : user;
    return password === void 0 ? `${scheme}${shownUser}@` : `${scheme}${shownUser}:***@`;
  });
}
function urlSecrets(url) {
  const m = USERINFO.exec(url);
  if (!m) return [];
  const [, scheme, userinfo] = m;
  const colon = userinfo.indexOf(":");
  const user = colon >= 0 ? userinfo.slice(0, colon) : userinfo;
  const password = colon >= 0 ? userinfo.slice(colon + 1) : void 0;
  const secrets = [];
  if (password !== void 0 && password !== "") secrets.push(password, decoded(password));
  if (user !== "" && userIsSecret(scheme, user, password)) secrets.push(user, decoded(user));
  if (/^https?:/i.test(scheme) && secrets.length > 0) secrets.push(basicCredentials(user, password ?? ""));
  return [...new Set(secrets)];
}
function resolveRemote(repository, ctx) {
  const server = ctx.serverUrl.replace(/\/+$/, "");
  const onServer = (ownerName) => {
    const web = `${server}/${ownerName.replace(/\.git$/, "")}`;
    return { url: `${web}.git`, display: `${web}.git`, webUrl: web };
  };
  const text2 = repository.trim();
  if (text2 === "") {
    if (!ctx.currentRepository) throw new InputError("repository: empty, and GITHUB_REPOSITORY is not set to name the current one");
    return onServer(ctx.currentRepository);
  }
  if (SCHEME.test(text2) || SCP.test(text2)) {
    const web = text2.startsWith(`${server}/`) ? text2.replace(/\.git$/, "") : void 0;
    return { url: text2, display: redactUrl(text2), ...web !== void 0 ? { webUrl: web } : {} };
  }
  const pathLike = isAbsolute(text2) || /^\.\.?(?:[\\/]|$)/.test(text2);
  if (pathLike || ctx.isLocalPath(text2)) {
    const path = resolve(ctx.cwd, text2);
    if (!ctx.isLocalPath(text2)) throw new InputError(`repository: ${JSON.stringify(text2)} is a path, and nothing is at ${path}; give a git repository on disk, a git URL or owner/name`);
    return { url: path, display: path };
  }
  const hosted = HOST_OWNER_NAME.exec(text2);
  if (hosted) {
    const [, host, ownerName] = hosted;
    const serverHost = hostOf(server);
    if (serverHost !== void 0 && host.toLowerCase() === serverHost) return onServer(ownerName);
    throw new InputError(`repository: ${JSON.stringify(text2)} is on ${host}, not on this run's server ${serverHost ?? server}; give its git URL, https://${text2.replace(/\.git$/, "")}.git`);
  }
  if (!isOwnerName(text2)) {
    const shown = text2.replace(/^[^/@]*@/, "***@");
    throw new InputError(`repository: ${JSON.stringify(shown)} is neither owner/name, a git URL, nor an existing path`);
  }
  return onServer(text2);
}
function describedRepository(serverUrl, currentRepository, remote) {
  if (currentRepository !== void 0 && isOwnerName(currentRepository)) return `${serverUrl.replace(/\/+$/, "")}/${currentRepository}`;
  return remote.webUrl;
}

// src/effects/git.ts
var BOT_IDENTITY = {
  name: "github-actions[bot]",
  email: "41898282+github-actions[bot]@users.noreply.github.com"
};
function tokenAuth(serverUrl, token) {
  const basic = Buffer.from(`x-access-token:${token}`, "utf8").toString("base64");
  return {
    key: `http.${serverUrl.replace(/\/+$/, "")}/.extraheader`,
    value: `AUTHORIZATION: basic ${basic}`,
    secrets: [token, basic]
  };
}
function authFor(serverUrl, remoteUrl, token) {
  if (!token) return void 0;
  let server;
  let remote;
  try {
    server = new URL(serverUrl);
    remote = new URL(remoteUrl);
  } catch {
    return void 0;
  }
  if (remote.protocol !== "https:" && remote.protocol !== "http:") return void 0;
  if (remote.protocol !== server.protocol || remote.host.toLowerCase() !== server.host.toLowerCase()) return void 0;
  return tokenAuth(serverUrl, token);
}
function remoteAuth(serverUrl, remoteUrl, token) {
  const plain = (url2) => {
    const auth = authFor(serverUrl, url2, token);
    return auth ? { url: url2, auth } : { url: url2 };
  };
  const m = /^(https?:\/\/)([^/@]+)@(.*)$/is.exec(remoteUrl);
  if (!m) return plain(remoteUrl);
  const [, scheme, userinfo, rest] = m;
  const url = `${scheme}${rest}`;
  const colon = userinfo.indexOf(":");
  if (colon < 0) {
    if (!tokenShaped(userinfo)) return plain(remoteUrl);
    const onServer = plain(url);
    if (onServer.auth) return onServer;
  }
  const basic = basicCredentials(colon < 0 ? userinfo : userinfo.slice(0, colon), colon < 0 ? "" : userinfo.slice(colon + 1));
  return { url, auth: { key: `http.${url}.extraheader`, value: `Authorization: Basic ${basic}`, secrets: [basic] } };
}
function gitEnv(base, auth, config = {}) {
  const env = {};
  for (const [k, v] of Object.entries(base)) if (v !== void 0) env[k] = v;
  env["GIT_TERMINAL_PROMPT"] = "0";
  env["GCM_INTERACTIVE"] = "never";
  env["LC_ALL"] = "C";
  const entries = Object.entries(config);
  if (auth) entries.push([auth.key, auth.value], ["http.followRedirects", "false"]);
  let n = Number(env["GIT_CONFIG_COUNT"] ?? "0") || 0;
  for (const [key2, value] of entries) {
    env[`GIT_CONFIG_KEY_${n}`] = key2;
    env[`GIT_CONFIG_VALUE_${n}`] = value;
    n++;
  }
  if (entries.length > 0) env["GIT_CONFIG_COUNT"] = String(n);
  return env;
}
var GitCommandError = class extends Error {
  constructor(command, exitCode, output) {
    super(`git ${command} failed${exitCode !== null ? ` (exit ${exitCode})` : ""}: ${lastLines(output)}`);
    this.command = command;
    this.exitCode = exitCode;
    this.output = output;
  }
  command;
  exitCode;
  output;
  name = "GitCommandError";
};
function lastLines(text2, max = 12) {
  const lines = text2.split(/\r?\n/).map((l) => l.trimEnd()).filter((l) => l !== "");
  return lines.slice(-max).join("\n");
}
function redact(text2, secrets) {
  let out = text2;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join("***");
  return out;
}
var detachedGroups = /* @__PURE__ */ new Set();
function stopGitCommands() {
  const n = detachedGroups.size;
  for (const pid of detachedGroups) {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
    }
  }
  detachedGroups.clear();
  return n;
}
var KILL_GRACE_MS = 2e3;
var MAX_OUTPUT = 1 << 30;
function stoppedText(signal, stoppedGit, writes) {
  const under = stoppedGit > 0 ? `, with the ${stoppedGit === 1 ? "git command" : `${stoppedGit} git commands`} under way` : "";
  return `stopped by ${signal}${under}${stoppedGit > 0 && writes ? "; the publish may or may not have landed" : ""}`;
}
function git(args, run) {
  return new Promise((resolve6, reject) => {
    let timedOut = false;
    let timer;
    const detached = run.timeoutMs !== void 0;
    const child2 = spawn2("git", args, { cwd: run.cwd, env: run.env, windowsHide: true, detached, stdio: ["pipe", "pipe", "pipe"] });
    let killTimer;
    const signal = (sig) => {
      try {
        if (detached && child2.pid !== void 0) process.kill(-child2.pid, sig);
        else child2.kill(sig);
      } catch {
        child2.kill(sig);
      }
    };
    const stop = () => {
      signal("SIGTERM");
      killTimer ??= setTimeout(() => signal("SIGKILL"), KILL_GRACE_MS);
      killTimer.unref();
    };
    const out = [];
    const err = [];
    let size = 0;
    let overflow = false;
    child2.stdout.on("data", (d) => {
      size += d.length;
      if (size > MAX_OUTPUT) {
        if (!overflow) stop();
        overflow = true;
      } else out.push(d);
    });
    child2.stderr.on("data", (d) => err.push(d));
    let settled = false;
    const finish = (code, failure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      if (child2.pid !== void 0) detachedGroups.delete(child2.pid);
      const stdout = Buffer.concat(out);
      const stderr = Buffer.concat(err).toString("utf8");
      if (failure || code !== 0 || timedOut || overflow) {
        const name = args.find((a) => !a.startsWith("-") && !a.includes("=")) ?? "";
        const cut = timedOut ? `
fatal: no answer from the remote: timed out after ${Math.round((run.timeoutMs ?? 0) / 100) / 10} s` : overflow ? `
fatal: more than ${MAX_OUTPUT} bytes of output` : failure ? `
fatal: ${failure.message}` : "";
        reject(new GitCommandError(name, timedOut || overflow ? null : code, redact(`${stdout.toString("utf8")}
${stderr}${cut}`, run.secrets ?? [])));
        return;
      }
      resolve6({ stdout, stderr });
    };
    child2.on("error", (e) => finish(null, e));
    child2.on("close", (code) => finish(code, void 0));
    if (detached) {
      if (child2.pid !== void 0) detachedGroups.add(child2.pid);
      timer = setTimeout(() => {
        timedOut = true;
        stop();
      }, Math.max(1, run.timeoutMs ?? 0));
    }
    child2.stdin.on("error", () => {
    });
    child2.stdin.end(run.input ?? "");
  });
}

// src/effects/stale-branches.ts
import { rmSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
var OWNER_FILE = "benchtrend-owner.json";
var UNOWNED_STALE_MS = 10 * 6e4;
var FOREIGN_STALE_MS = 24 * 60 * 6e4;
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}
async function sweepStaleBranches(tempRoot, now = Date.now()) {
  let names2;
  try {
    names2 = (await readdir(tempRoot)).filter((n) => n.startsWith("benchtrend-pages-"));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names2) {
    const dir = join(tempRoot, name);
    try {
      let stale;
      try {
        const owner = JSON.parse(await readFile(join(dir, OWNER_FILE), "utf8"));
        const started = typeof owner.started === "number" ? owner.started : 0;
        stale = owner.host === hostname() && typeof owner.pid === "number" ? !alive(owner.pid) : now - started > FOREIGN_STALE_MS;
      } catch {
        const pid = Number(/^benchtrend-pages-(\d+)-/.exec(name)?.[1]);
        stale = Number.isInteger(pid) && pid > 0 && !alive(pid) || now - (await stat(dir)).mtimeMs > UNOWNED_STALE_MS;
      }
      if (stale) {
        await rm(dir, { recursive: true, force: true });
        removed++;
      }
    } catch {
    }
  }
  return removed;
}
var claimed = /* @__PURE__ */ new Set();
async function claimBranchFolder(tempRoot) {
  const dir = await mkdtemp(join(tempRoot, `benchtrend-pages-${process.pid}-`));
  claimed.add(dir);
  try {
    await writeFile(join(dir, OWNER_FILE), JSON.stringify({ pid: process.pid, host: hostname(), started: Date.now() }));
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  return dir;
}
function releaseBranchFolder(dir) {
  claimed.delete(dir);
}
function removeClaimedFoldersNow() {
  for (const dir of claimed) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
    }
  }
  claimed.clear();
}

// src/jobs/publish.ts
import { existsSync as existsSync2 } from "node:fs";
import { posix as posix3, resolve as resolve5 } from "node:path";

// schemas/chunk.schema.json
var chunk_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://benchtrend.dev/schemas/chunk.schema.json",
  title: "benchtrend trend chunk (format 2)",
  description: "Segments [index * 16^level, (index + 1) * 16^level) of the log as columns: data/c/<level>/<a>/<index>.json in data-dir, a = index / 100. Immutable once written. The tree holds each segment in exactly one chunk. A column is an array with one entry per row, or a single value standing for every row. Strings that repeat are stored once in `strings` and referred to by position; suites and cases by their position in manifest.json's `suites` and `cases`.",
  type: "object",
  required: ["schema", "version", "level", "index", "strings", "segments", "points"],
  additionalProperties: false,
  properties: {
    schema: { const: "benchtrend/chunk" },
    version: { type: "integer", minimum: 2, description: "Trend format version; 2 for this schema." },
    level: { enum: [0, 1, 2], description: "0: one segment; 1: 16 segments; 2: 256 segments." },
    index: { type: "integer", minimum: 0, description: "Position among the chunks of its level; equals the number in the file name." },
    strings: { type: "array", items: { type: "string" } },
    segments: {
      type: "object",
      description: "One row per segment, in seq order.",
      required: ["suite", "sha", "message", "author", "timestamp", "publishedAt", "shapes", "points"],
      additionalProperties: false,
      properties: {
        suite: { $ref: "#/definitions/intColumn", description: "Position in the manifest's suites." },
        sha: { type: "array", items: { type: "string", pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, description: "Full commit id." },
        message: { $ref: "#/definitions/intColumn", description: "String: the whole commit message." },
        author: { $ref: "#/definitions/intColumn", description: "String: the commit's author." },
        timestamp: { type: "array", items: { type: "string" }, description: "ISO 8601 commit time." },
        url: { $ref: "#/definitions/optionalIntColumn", description: "String: link to the commit, its NUL character standing for the sha; null: none." },
        runUrl: { $ref: "#/definitions/optionalIntColumn", description: "String: the workflow run that published it; null: none." },
        publishedAt: { $ref: "#/definitions/intColumn", description: "String: ISO 8601 time of the publish." },
        shapes: { type: "array", items: { type: "array", items: { type: "integer", minimum: 0 } }, description: "Strings: the shapes whose earlier points at this suite and commit the segment supersedes." },
        imported: { oneOf: [{ enum: [0, 1] }, { type: "array", items: { enum: [0, 1, null] } }], description: "1: imported from github-action-benchmark's data.js." },
        points: { $ref: "#/definitions/intColumn", description: "How many of the next rows of `points` belong to the segment." }
      }
    },
    points: {
      type: "object",
      description: "One row per point, segment after segment. Fields mean what they mean in a format 1 segment's points (segment.schema.json).",
      required: ["case", "shape", "unit", "direction", "value", "q1", "q3", "min", "max", "stdev", "runs", "n"],
      additionalProperties: false,
      properties: {
        case: { $ref: "#/definitions/intColumn", description: "Position in the manifest's cases (its suite is the segment's)." },
        shape: { $ref: "#/definitions/intColumn", description: "String." },
        unit: { $ref: "#/definitions/intColumn", description: "String." },
        direction: { $ref: "#/definitions/intColumn", description: "String: smaller or bigger." },
        value: { $ref: "#/definitions/numbers" },
        q1: { $ref: "#/definitions/numbers" },
        q3: { $ref: "#/definitions/numbers" },
        min: { oneOf: [{ const: "q1", description: "Equal to q1 on every row." }, { $ref: "#/definitions/numbers" }] },
        max: { oneOf: [{ const: "q3", description: "Equal to q3 on every row." }, { $ref: "#/definitions/numbers" }] },
        stdev: { oneOf: [{ type: ["number", "null"] }, { type: "array", items: { type: ["number", "null"] } }] },
        runs: { $ref: "#/definitions/intColumn" },
        n: { $ref: "#/definitions/intColumn" },
        samples: { type: "array", items: { $ref: "#/definitions/numbers" }, description: "Raw run values per point; absent when no point has any." },
        wall: { oneOf: [{ type: ["number", "null"] }, { type: "array", items: { type: ["number", "null"] } }] },
        extra: { $ref: "#/definitions/optionalIntColumn", description: "String." },
        summaryOnly: { oneOf: [{ type: ["boolean", "null"] }, { type: "array", items: { type: ["boolean", "null"] } }] },
        range: { $ref: "#/definitions/optionalIntColumn", description: "String: the tool's own range text." },
        failed: { $ref: "#/definitions/optionalIntColumn" }
      }
    }
  },
  definitions: {
    numbers: { type: "array", items: { type: "number" } },
    intColumn: { oneOf: [{ type: "integer", minimum: 0 }, { type: "array", items: { type: "integer", minimum: 0 } }] },
    optionalIntColumn: { oneOf: [{ type: ["integer", "null"], minimum: 0 }, { type: "array", items: { type: ["integer", "null"], minimum: 0 } }] }
  }
};

// schemas/manifest.schema.json
var manifest_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://benchtrend.dev/schemas/manifest.schema.json",
  title: "benchtrend trend manifest",
  description: "manifest.json in data-dir: rewritten by every publish, bounded by the number of cases, never by history. Segments 0..segments-1 exist; every complete group of `fanout` segments also exists as a level-1 rollup and every complete group of fanout^2 as a level-2 rollup.",
  type: "object",
  required: ["schema", "version", "pageVersion", "updated", "segments", "fanout", "suites", "cases", "annotations", "alerts"],
  properties: {
    schema: { const: "benchtrend/manifest" },
    version: { type: "integer", minimum: 1, description: "Trend format: 1 stores segments and rollups (data/seg, data/roll), 2 columnar chunks (data/c, chunk.schema.json)." },
    pageVersion: { type: "string", description: "Version of the chart page files last written beside the data; empty before any." },
    updated: { type: "string", description: "ISO 8601 time of the last publish." },
    repository: { type: "string", description: "Link to the repository the trend describes." },
    segments: { type: "integer", minimum: 0, description: "Number of segments written so far." },
    fanout: { const: 16, description: "Segments per level-1 rollup and level-1 rollups per level-2 rollup." },
    suites: { type: "array", items: { type: "string" }, uniqueItems: true },
    cases: {
      type: "array",
      items: {
        type: "object",
        required: ["suite", "case", "shape", "unit", "direction", "firstSeq", "lastSeq", "points"],
        properties: {
          suite: { type: "string" },
          case: { type: "string" },
          shape: { type: "string" },
          unit: { type: "string", description: "Unit every stored point of the case is in." },
          direction: { enum: ["smaller", "bigger"] },
          firstSeq: { type: "integer", minimum: 0 },
          lastSeq: { type: "integer", minimum: 0 },
          points: { type: "integer", minimum: 0, description: "Segments holding the case, superseded re-runs included." }
        }
      }
    },
    casesDigest: {
      type: "string",
      pattern: "^[0-9a-f]{16}$",
      description: "FNV-1a (64 bits, 16 lowercase hex digits) of the UTF-8 of JSON.stringify([suites, cases.map(c => [c.suite, c.case])]). Chunks and the regression state refer to suites and cases by position, so a reader refuses a manifest whose lists do not match it (edited by hand). Absent in manifests written before it; a reader then reads as before."
    },
    unitsDigest: {
      type: "string",
      pattern: "^[0-9a-f]{16}$",
      description: "FNV-1a (64 bits, 16 lowercase hex digits) of the UTF-8 of JSON.stringify(cases.map(c => [c.unit, c.direction])). No publish changes a stored case's unit or direction, so a reader refuses a manifest whose cases do not match it (edited by hand). Absent in manifests written before it; a reader then reads as before."
    },
    annotations: {
      type: "array",
      items: {
        type: "object",
        required: ["at", "label"],
        properties: {
          at: { type: "string", minLength: 1, description: "A commit sha (7 or more hex digits) or an ISO date." },
          label: { type: "string" }
        }
      }
    },
    alerts: {
      type: "array",
      items: { $ref: "#/definitions/alert" }
    },
    imported: {
      type: "object",
      required: ["from", "entries", "at"],
      properties: {
        from: { type: "string" },
        entries: { type: "integer", minimum: 0 },
        at: { type: "string" }
      }
    }
  },
  definitions: {
    alert: {
      type: "object",
      required: ["kind", "suite", "case", "sha", "seq", "status"],
      properties: {
        kind: { enum: ["regression", "change-point"] },
        suite: { type: "string" },
        case: { type: "string" },
        sha: { type: "string" },
        seq: { type: "integer", minimum: 0 },
        status: { enum: ["suspected", "confirmed", "cleared"] },
        baseline: { type: "number" },
        value: { type: "number" },
        change: { type: "number" },
        reason: { type: "string" },
        raised: { const: true },
        raisedAt: { type: "string", description: "On a regression: the commit whose run raised it." },
        undo: {
          type: "object",
          required: ["at"],
          description: "On an entry the newest run of its case made or changed: that run's commit and the entries it replaced, as they were; a re-run of that commit puts them back.",
          properties: {
            at: { type: "string" },
            was: { type: "array", items: { $ref: "#/definitions/alert" } }
          }
        }
      }
    }
  }
};

// schemas/regression-state.schema.json
var regression_state_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://benchtrend.dev/schemas/regression-state.schema.json",
  title: "benchtrend regression state (one file of one suite's)",
  description: "The recent values of each case of one suite, kept beside the manifest so that a publish judges its commit without reading the chunks: data/r/<suite>/head.json (the newest entries, fewer than 16, and which blocks are kept) and data/r/<suite>/<k>.json (entries [16k, 16k+16) of the state). <suite> is the suite's position in manifest.json's `suites`, 4 digits; <k> 8 digits. An entry is one commit of the suite (a segment with points once re-runs are resolved), and the state holds every entry with seq >= the head's `since`. A cache of the chunks: a reader may always rebuild it from them.",
  type: "object",
  required: ["schema", "version", "suite", "seq", "sha", "cases", "values"],
  additionalProperties: false,
  properties: {
    schema: { const: "benchtrend/regression-state" },
    version: { type: "integer", minimum: 1, description: "Version of this file's layout; 1." },
    suite: { type: "integer", minimum: 0, description: "Position in the manifest's suites; equals the folder name." },
    index: { type: "integer", minimum: 0, description: "Blocks only: the block's number, as in the file name." },
    blocks: {
      type: "array",
      items: { type: "integer", minimum: 0 },
      minItems: 2,
      maxItems: 2,
      description: "Head only: blocks [blocks[0], blocks[1]) are kept; the head's own entries follow them."
    },
    since: { type: "integer", minimum: 0, description: "Head only: every entry of the suite with seq >= since is in the state." },
    seq: { type: "array", items: { type: "integer", minimum: 0 }, description: "One row per entry, increasing: the segment holding the commit's points." },
    sha: { type: "array", items: { type: "string", pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, description: "Full commit id of each entry." },
    cases: { type: "array", items: { type: "integer", minimum: 0 }, description: "Positions in the manifest's cases (all of this suite), increasing: one column of `values` each." },
    values: {
      type: "array",
      items: { type: "array", items: { type: ["number", "null"] } },
      description: "values[j][i]: the value (the point's median) of case cases[j] at entry i; null when the entry has no point of it."
    },
    bars: {
      type: "object",
      description: "Head only: the newest point of each case: its error bar and counts (the ratio rule's baseline).",
      required: ["case", "q1", "q3", "runs", "n"],
      additionalProperties: false,
      properties: {
        case: { type: "array", items: { type: "integer", minimum: 0 } },
        q1: { type: "array", items: { type: "number" } },
        q3: { type: "array", items: { type: "number" } },
        runs: { type: "array", items: { type: "integer", minimum: 0 } },
        n: { type: "array", items: { type: "integer", minimum: 0 } }
      }
    }
  }
};

// schemas/newest.schema.json
var newest_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://benchtrend.dev/schemas/newest.schema.json",
  title: "benchtrend newest points (format 2)",
  description: "The newest few segments of the log (at most 4), data/newest.json in data-dir, rewritten by every publish so that a reader can draw the newest points without fetching the chunk that holds them. A copy: every segment in it is also in its chunk (chunk.schema.json), and a reader may ignore the file. Its columns are a chunk's, for segments [from, to); suites and cases are positions in manifest.json's lists.",
  type: "object",
  required: ["schema", "version", "from", "to", "strings", "segments", "points"],
  additionalProperties: false,
  properties: {
    schema: { const: "benchtrend/newest" },
    version: { type: "integer", minimum: 2, description: "Trend format version; 2 for this schema." },
    from: { type: "integer", minimum: 0, description: "Seq of the first segment held." },
    to: { type: "integer", minimum: 0, description: "One past the seq of the last segment held: the manifest's `segments` when the file was written. A reader uses the file only when it equals the manifest's `segments`." },
    strings: { $ref: "chunk.schema.json#/properties/strings" },
    segments: { $ref: "chunk.schema.json#/properties/segments" },
    points: { $ref: "chunk.schema.json#/properties/points" }
  }
};

// schemas/rollup.schema.json
var rollup_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://benchtrend.dev/schemas/rollup.schema.json",
  title: "benchtrend trend rollup",
  description: "The complete segments [index * 16^level, (index + 1) * 16^level) in seq order, copied verbatim: data/roll/<level>/<a>/<index>.json. Written once by the publish that completes the group; immutable.",
  type: "object",
  required: ["schema", "version", "level", "index", "segments"],
  properties: {
    schema: { const: "benchtrend/rollup" },
    version: { type: "integer", minimum: 1 },
    level: { enum: [1, 2] },
    index: { type: "integer", minimum: 0 },
    segments: { type: "array", items: { $ref: "segment.schema.json" } }
  }
};

// schemas/segment.schema.json
var segment_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://benchtrend.dev/schemas/segment.schema.json",
  title: "benchtrend trend segment",
  description: "One publish of one suite at one commit: data/seg/<a>/<b>/<seq>.json in data-dir. Immutable once written. A later segment of the same suite and commit whose `shapes` include a shape supersedes this segment's points of that shape.",
  type: "object",
  required: ["schema", "version", "seq", "suite", "commit", "publishedAt", "shapes", "points"],
  properties: {
    schema: { const: "benchtrend/segment" },
    version: { type: "integer", minimum: 1, description: "Trend format version; 1 for this schema." },
    seq: { type: "integer", minimum: 0, description: "Position in the append-only log; equals the number in the file name." },
    suite: { type: "string", minLength: 1 },
    commit: { $ref: "#/definitions/commit" },
    runUrl: { type: "string", description: "The workflow run that published it." },
    publishedAt: { type: "string", minLength: 1, description: "ISO 8601 time of the publish." },
    shapes: {
      type: "array",
      items: { type: "string" },
      description: "Shapes whose earlier points at this suite and commit this segment supersedes."
    },
    points: { type: "array", items: { $ref: "#/definitions/point" } },
    imported: { const: "github-action-benchmark", description: "Set on segments imported from a github-action-benchmark data.js." }
  },
  definitions: {
    commit: {
      type: "object",
      required: ["sha", "message", "author", "timestamp"],
      properties: {
        sha: { type: "string", pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$", description: "Full commit id." },
        message: { type: "string", description: "Whole commit message." },
        author: { type: "string" },
        timestamp: { type: "string", description: "ISO 8601 commit time." },
        url: { type: "string", description: "Link to the commit on the forge." }
      }
    },
    point: {
      type: "object",
      description: "One case at one commit: the median of the runs that reported it and its spread.",
      required: ["case", "shape", "unit", "direction", "value", "q1", "q3", "min", "max", "stdev", "runs", "n", "samples"],
      properties: {
        case: { type: "string", minLength: 1, description: "`<shape> / <metric>`, or an imported benchmark's own name." },
        shape: { type: "string", minLength: 1 },
        unit: { type: "string" },
        direction: { enum: ["smaller", "bigger"], description: "Which way is better." },
        value: { type: "number", description: "Median of the reported runs, or the tool's summary value." },
        q1: { type: "number", description: "Lower end of the default error bar (first quartile, or the tool's lower bound)." },
        q3: { type: "number", description: "Upper end of the default error bar." },
        min: { type: "number" },
        max: { type: "number" },
        stdev: { type: ["number", "null"], description: "Sample standard deviation; null with fewer than two samples." },
        runs: { type: "integer", minimum: 0, description: "k: runs that reported this case." },
        n: { type: "integer", minimum: 0, description: "n: runs in the record." },
        samples: { type: "array", items: { type: "number" }, description: "Raw run values in run order; empty when only a summary was reported." },
        wall: { type: "number", description: "Median outside-stopwatch seconds; only on total points." },
        extra: { type: "string" },
        summaryOnly: { type: "boolean" },
        range: { type: "string", description: "The tool's own range text, verbatim." },
        failed: { type: "integer", minimum: 0 }
      }
    }
  }
};

// src/core/trend/chunk.ts
var CHUNK_SCHEMA = "benchtrend/chunk";
var CHUNK_FORMAT_VERSION = 2;
var ChunkError = class extends Error {
  name = "ChunkError";
};
var SHA = "\0";
function column(values) {
  const first = values[0];
  return values.length > 0 && values.every((v) => v === first) ? first : [...values];
}
function optional(values) {
  if (values.every((v) => v === void 0)) return void 0;
  return column(values.map((v) => v === void 0 ? null : v));
}
var Strings = class {
  list = [];
  at = /* @__PURE__ */ new Map();
  of(s) {
    let i = this.at.get(s);
    if (i === void 0) {
      i = this.list.length;
      this.list.push(s);
      this.at.set(s, i);
    }
    return i;
  }
};
var caseKey2 = (suite, name) => `${suite}\0${name}`;
function indexManifest(manifest) {
  return {
    suite: new Map(manifest.suites.map((s, i) => [s, i])),
    case: new Map(manifest.cases.map((c, i) => [caseKey2(c.suite, c.case), i]))
  };
}
function encodeChunk(level2, index, segments, manifest) {
  const strings = new Strings();
  const points = segments.flatMap((s) => s.points.map((p) => ({ s, p })));
  const lookup = (map, key2, what) => {
    const i = map.get(key2);
    if (i === void 0) throw new Error(`${what} is not in the manifest the chunk refers to`);
    return i;
  };
  const url = (c) => c.url === void 0 ? void 0 : strings.of(c.url.includes(SHA) ? c.url : c.url.split(c.sha).join(SHA));
  const min = points.every(({ p }) => Object.is(p.min, p.q1)) ? "q1" : points.map(({ p }) => p.min);
  const max = points.every(({ p }) => Object.is(p.max, p.q3)) ? "q3" : points.map(({ p }) => p.max);
  const samples = points.some(({ p }) => p.samples.length > 0) ? points.map(({ p }) => [...p.samples]) : void 0;
  const seg = {
    suite: column(segments.map((s) => lookup(manifest.suite, s.suite, `suite "${s.suite}"`))),
    sha: segments.map((s) => s.commit.sha),
    message: column(segments.map((s) => strings.of(s.commit.message))),
    author: column(segments.map((s) => strings.of(s.commit.author))),
    timestamp: segments.map((s) => s.commit.timestamp),
    url: optional(segments.map((s) => url(s.commit))),
    runUrl: optional(segments.map((s) => s.runUrl === void 0 ? void 0 : strings.of(s.runUrl))),
    publishedAt: column(segments.map((s) => strings.of(s.publishedAt))),
    shapes: segments.map((s) => s.shapes.map((x) => strings.of(x))),
    imported: optional(segments.map((s) => s.imported ? 1 : void 0)),
    points: column(segments.map((s) => s.points.length))
  };
  const pts = {
    case: column(points.map(({ s, p }) => lookup(manifest.case, caseKey2(s.suite, p.case), `case "${p.case}" of suite "${s.suite}"`))),
    shape: column(points.map(({ p }) => strings.of(p.shape))),
    unit: column(points.map(({ p }) => strings.of(p.unit))),
    direction: column(points.map(({ p }) => strings.of(p.direction))),
    value: points.map(({ p }) => p.value),
    q1: points.map(({ p }) => p.q1),
    q3: points.map(({ p }) => p.q3),
    min,
    max,
    stdev: column(points.map(({ p }) => p.stdev)),
    runs: column(points.map(({ p }) => p.runs)),
    n: column(points.map(({ p }) => p.n)),
    samples,
    wall: optional(points.map(({ p }) => p.wall)),
    extra: optional(points.map(({ p }) => p.extra === void 0 ? void 0 : strings.of(p.extra))),
    summaryOnly: optional(points.map(({ p }) => p.summaryOnly)),
    range: optional(points.map(({ p }) => p.range === void 0 ? void 0 : strings.of(p.range))),
    failed: optional(points.map(({ p }) => p.failed))
  };
  const drop = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== void 0));
  return { schema: CHUNK_SCHEMA, version: CHUNK_FORMAT_VERSION, level: level2, index, strings: strings.list, segments: drop(seg), points: drop(pts) };
}
function cell(col, i, rows2, what) {
  if (col === void 0) return void 0;
  if (!Array.isArray(col)) return col;
  if (col.length !== rows2) throw new ChunkError(`${what} has ${col.length} rows, expected ${rows2}`);
  return col[i];
}
function decodeChunk(chunk2, manifest, size, first = chunk2.index * size) {
  const out = [];
  eachDecoded(chunk2, manifest, size, first, (s) => out.push(s));
  return out;
}
function eachDecoded(chunk2, manifest, size, first, visit) {
  const { strings, segments: S, points: P } = chunk2;
  if (S.sha.length !== size) throw new ChunkError(`holds ${S.sha.length} segments, its place ${size}`);
  const str3 = (i, column2, at) => {
    const s = typeof i === "number" ? strings[i] : void 0;
    if (s === void 0) throw new ChunkError(`${column2}[${at}] refers to string ${String(i)}, which is not in "strings"`);
    return s;
  };
  const counts2 = S.sha.map((_, i) => cell(S.points, i, size, "segments.points") ?? 0);
  const rows2 = counts2.reduce((a, b) => a + b, 0);
  if (P.value.length !== rows2 || P.q1.length !== rows2 || P.q3.length !== rows2) throw new ChunkError(`points hold ${P.value.length} values, the segments count ${rows2}`);
  let row = 0;
  for (let i = 0; i < size; i++) {
    const suiteAt = cell(S.suite, i, size, "segments.suite");
    const suite = typeof suiteAt === "number" ? manifest.suites[suiteAt] : void 0;
    if (suite === void 0) throw new ChunkError(`segments.suite[${i}] is ${String(suiteAt)}, not a suite of the manifest`);
    const sha = S.sha[i];
    const urlAt = cell(S.url, i, size, "segments.url");
    const runAt = cell(S.runUrl, i, size, "segments.runUrl");
    const commit = {
      sha,
      message: str3(cell(S.message, i, size, "segments.message"), "segments.message", i),
      author: str3(cell(S.author, i, size, "segments.author"), "segments.author", i),
      timestamp: S.timestamp[i] ?? "",
      ...urlAt !== void 0 && urlAt !== null ? { url: str3(urlAt, "segments.url", i).split(SHA).join(sha) } : {}
    };
    const points = [];
    for (let k = 0; k < (counts2[i] ?? 0); k++, row++) {
      const caseAt = cell(P.case, row, rows2, "points.case");
      const info2 = typeof caseAt === "number" ? manifest.cases[caseAt] : void 0;
      if (info2 === void 0 || info2.suite !== suite) throw new ChunkError(`points.case[${row}] is ${String(caseAt)}, not a case of suite "${suite}" in the manifest`);
      const stdev = cell(P.stdev, row, rows2, "points.stdev");
      const wall = cell(P.wall, row, rows2, "points.wall");
      const extra = cell(P.extra, row, rows2, "points.extra");
      const summaryOnly = cell(P.summaryOnly, row, rows2, "points.summaryOnly");
      const range = cell(P.range, row, rows2, "points.range");
      const failed = cell(P.failed, row, rows2, "points.failed");
      const q1 = P.q1[row];
      const q3 = P.q3[row];
      const point = {
        case: info2.case,
        shape: str3(cell(P.shape, row, rows2, "points.shape"), "points.shape", row),
        unit: str3(cell(P.unit, row, rows2, "points.unit"), "points.unit", row),
        direction: str3(cell(P.direction, row, rows2, "points.direction"), "points.direction", row),
        value: P.value[row],
        q1,
        q3,
        min: P.min === "q1" ? q1 : cell(P.min, row, rows2, "points.min"),
        max: P.max === "q3" ? q3 : cell(P.max, row, rows2, "points.max"),
        stdev: stdev ?? null,
        runs: cell(P.runs, row, rows2, "points.runs"),
        n: cell(P.n, row, rows2, "points.n"),
        samples: P.samples ? [...cell(P.samples, row, rows2, "points.samples")] : []
      };
      if (wall !== void 0 && wall !== null) point.wall = wall;
      if (extra !== void 0 && extra !== null) point.extra = str3(extra, "points.extra", row);
      if (summaryOnly !== void 0 && summaryOnly !== null) point.summaryOnly = summaryOnly;
      if (range !== void 0 && range !== null) point.range = str3(range, "points.range", row);
      if (failed !== void 0 && failed !== null) point.failed = failed;
      points.push(point);
    }
    const runUrl = runAt !== void 0 && runAt !== null ? str3(runAt, "segments.runUrl", i) : void 0;
    const segment = {
      schema: "benchtrend/segment",
      version: 1,
      seq: first + i,
      suite,
      commit,
      ...runUrl !== void 0 ? { runUrl } : {},
      publishedAt: str3(cell(S.publishedAt, i, size, "segments.publishedAt"), "segments.publishedAt", i),
      shapes: (S.shapes[i] ?? []).map((x) => str3(x, "segments.shapes", i)),
      points,
      ...cell(S.imported, i, size, "segments.imported") === 1 ? { imported: "github-action-benchmark" } : {}
    };
    visit(segment, i);
  }
}
function writtenKeyCount(o) {
  let n = 0;
  for (const k in o) if (Object.hasOwn(o, k) && o[k] !== void 0) n++;
  return n;
}
function sameJson(a, b) {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const objA = a !== null && typeof a === "object";
  const objB = b !== null && typeof b === "object";
  if (objA || objB) {
    if (!objA || !objB) return false;
    const x = a;
    const y = b;
    let keys = 0;
    for (const k in x) {
      if (!Object.hasOwn(x, k) || x[k] === void 0) continue;
      if (y[k] === void 0 || !Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false;
      keys++;
    }
    return keys === writtenKeyCount(y);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}
function sameSegments(a, b) {
  return a.length === b.length && a.every((s, i) => sameJson(s, b[i]));
}

// src/core/trend/case-digest.ts
function digestText(suites, cases) {
  const list = Array.isArray(cases) ? cases : [];
  return JSON.stringify([suites ?? [], list.map((c) => typeof c === "object" && c !== null ? [c["suite"], c["case"]] : c)]);
}
function unitsText(cases) {
  const list = Array.isArray(cases) ? cases : [];
  return JSON.stringify(list.map((c) => typeof c === "object" && c !== null ? [c["unit"], c["direction"]] : c));
}
var encoder = new TextEncoder();
function fnv1a64(text2) {
  let hi = 3421674724;
  let lo = 2216829733;
  for (const byte of encoder.encode(text2)) {
    lo = (lo ^ byte) >>> 0;
    const low = lo * 435;
    hi = Math.imul(hi, 435) + (lo << 8) + Math.floor(low / 4294967296) >>> 0;
    lo = low >>> 0;
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}
function casesDigest(manifest) {
  return fnv1a64(digestText(manifest.suites, manifest.cases));
}
function unitsDigest(manifest) {
  return fnv1a64(unitsText(manifest.cases));
}
function caseListProblem(manifest) {
  const stored = manifest.casesDigest;
  if (stored !== void 0) {
    const actual = casesDigest(manifest);
    if (stored !== actual) {
      return `"suites" or "cases" was edited: the lists no longer match casesDigest (${JSON.stringify(stored)}; they read as ${JSON.stringify(actual)}), and the data names each suite and case by its place in them, so older points would be read as other cases'; undo that edit (revert the commit that made it)`;
    }
  }
  const units = manifest.unitsDigest;
  if (units !== void 0) {
    const actual = unitsDigest(manifest);
    if (units !== actual) {
      return `a case's "unit" or "direction" was edited: the cases no longer match unitsDigest (${JSON.stringify(units)}; they read as ${JSON.stringify(actual)}), and every stored point of a case is in its unit and was judged in its direction, so later runs would be converted into the edited unit or the history judged the wrong way round; undo that edit (revert the commit that made it), and publish a case measured another way under another name`;
    }
  }
  return void 0;
}

// src/core/trend/manifest-counts.ts
var MAX_MANIFEST_SEGMENTS = 1e8;
var isCount = (x) => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
function manifestCountsProblem(m) {
  const n = m.segments;
  if (!isCount(n)) return `segments is ${JSON.stringify(n) ?? "missing"}, not a whole number of segments`;
  if (n > MAX_MANIFEST_SEGMENTS) return `segments is ${n}, more than the ${MAX_MANIFEST_SEGMENTS} a real trend can hold`;
  if (!Array.isArray(m.cases)) return void 0;
  for (const [i, c] of m.cases.entries()) {
    const { firstSeq, lastSeq, points } = typeof c === "object" && c !== null ? c : {};
    if (!isCount(firstSeq) || !isCount(lastSeq) || !isCount(points)) continue;
    if (firstSeq > lastSeq || lastSeq >= n || points > n) {
      return `cases[${i}] says segments ${firstSeq}..${lastSeq} and ${points} points, but the trend counts ${n} segments`;
    }
  }
  return void 0;
}

// src/core/trend/regress-state.ts
var STATE_SCHEMA = "benchtrend/regression-state";
var STATE_VERSION = 1;
var STATE_POINTS = 300;
var STATE_BLOCK = 16;
var WALK_ROUNDS = 4;
function statePath(suite, part) {
  const folder = `data/r/${String(suite).padStart(4, "0")}`;
  return part === "head" ? `${folder}/head.json` : `${folder}/${String(part).padStart(8, "0")}.json`;
}
var STATE_PATH = /^data\/r\/(\d{4,})\/(head|\d{8,})\.json$/;
function encodeRows(entries) {
  const cases = [...new Set(entries.flatMap((e) => [...e.values.keys()]))].sort((a, b) => a - b);
  return {
    seq: entries.map((e) => e.seq),
    sha: entries.map((e) => e.sha),
    cases,
    values: cases.map((c) => entries.map((e) => e.values.get(c) ?? null))
  };
}
function decodeRows(file) {
  return file.seq.map((seq, i) => {
    const values = /* @__PURE__ */ new Map();
    file.cases.forEach((c, j) => {
      const v = file.values[j]?.[i];
      if (typeof v === "number") values.set(c, v);
    });
    return { seq, sha: file.sha[i], values };
  });
}
function encodeState(state) {
  const full = Math.floor((state.first + state.entries.length) / STATE_BLOCK);
  const from = state.first / STATE_BLOCK;
  const blocks = /* @__PURE__ */ new Map();
  for (let k = from; k < full; k++) {
    const rows2 = state.entries.slice(k * STATE_BLOCK - state.first, (k + 1) * STATE_BLOCK - state.first);
    blocks.set(k, { schema: STATE_SCHEMA, version: STATE_VERSION, suite: state.suite, index: k, ...encodeRows(rows2) });
  }
  const bars = [...state.bars].sort(([a], [b]) => a - b);
  const head = {
    schema: STATE_SCHEMA,
    version: STATE_VERSION,
    suite: state.suite,
    blocks: [from, full],
    since: state.since,
    ...encodeRows(state.entries.slice(full * STATE_BLOCK - state.first)),
    bars: {
      case: bars.map(([c]) => c),
      q1: bars.map(([, b]) => b.q1),
      q3: bars.map(([, b]) => b.q3),
      runs: bars.map(([, b]) => b.runs),
      n: bars.map(([, b]) => b.n)
    }
  };
  return { head, blocks };
}
function decodeState(head, blocks) {
  const [from] = head.blocks ?? [0, 0];
  const bars = /* @__PURE__ */ new Map();
  const b = head.bars;
  b?.case.forEach((c, i) => bars.set(c, { q1: b.q1[i], q3: b.q3[i], runs: b.runs[i], n: b.n[i] }));
  return {
    suite: head.suite,
    first: from * STATE_BLOCK,
    since: head.since ?? 0,
    entries: [...blocks.flatMap(decodeRows), ...decodeRows(head)],
    bars
  };
}
function stateFileProblem(f, suite, part, manifest) {
  if (f.suite !== suite) return `holds the state of suite ${f.suite} but its path is that of suite ${suite}`;
  const name = manifest.suites[suite];
  if (name === void 0) return `suite ${suite} is not in the manifest's suites`;
  if (part === "head") {
    if (f.index !== void 0 || !f.blocks || f.since === void 0 || !f.bars) return "a head needs blocks, since and bars, and no index";
    if (f.blocks[0] > f.blocks[1]) return `blocks [${f.blocks[0]}, ${f.blocks[1]}) is not a range`;
    if (f.seq.length >= STATE_BLOCK) return `a head holds fewer than ${STATE_BLOCK} entries, this one ${f.seq.length}`;
    const b = f.bars;
    if (![b.q1, b.q3, b.runs, b.n].every((col) => col.length === b.case.length)) return "bars: every column needs one row per case";
    const bad = b.case.find((c, i) => manifest.cases[c]?.suite !== name || i > 0 && c <= b.case[i - 1]);
    if (bad !== void 0) return `bars.case: ${bad} is not a case of suite ${JSON.stringify(name)} in increasing order`;
  } else {
    if (f.index !== part || f.blocks !== void 0 || f.since !== void 0 || f.bars !== void 0) return `a block holds its number (${part}) as index, and no blocks, since or bars`;
    if (f.seq.length !== STATE_BLOCK) return `a block holds ${STATE_BLOCK} entries, this one ${f.seq.length}`;
  }
  if (f.sha.length !== f.seq.length) return `sha has ${f.sha.length} rows, seq ${f.seq.length}`;
  for (const [i, s] of f.seq.entries()) {
    if (s >= manifest.segments) return `seq[${i}] is ${s}, but the manifest counts ${manifest.segments} segments`;
    if (i > 0 && s <= f.seq[i - 1]) return `seq[${i}] is ${s}, not after ${f.seq[i - 1]}`;
  }
  if (f.values.length !== f.cases.length) return `values has ${f.values.length} columns for ${f.cases.length} cases`;
  for (const [j, c] of f.cases.entries()) {
    if (manifest.cases[c]?.suite !== name) return `cases[${j}]: ${c} is not a case of suite ${JSON.stringify(name)} in the manifest`;
    if (j > 0 && c <= f.cases[j - 1]) return `cases[${j}]: ${c} is not after ${f.cases[j - 1]}`;
    if (f.values[j].length !== f.seq.length) return `values[${j}] has ${f.values[j].length} rows for ${f.seq.length} entries`;
  }
  return void 0;
}
function caseIndexes(manifest, suite) {
  const out = /* @__PURE__ */ new Map();
  manifest.cases.forEach((c, i) => {
    if (c.suite === suite) out.set(c.case, i);
  });
  return out;
}
async function walkSegments(load, manifest, suite, upTo, limit, only) {
  const cases = manifest.cases.filter((c) => c.suite === suite && (only === void 0 || only.has(c.case)));
  const firstSeq = cases.reduce((m, c) => Math.min(m, c.firstSeq), upTo);
  let from = upTo;
  let span = limit;
  let segments = [];
  for (let round = 0; round < WALK_ROUNDS && from > firstSeq; round++) {
    const next = Math.max(firstSeq, upTo - span);
    segments = [...await load(next, from), ...segments];
    from = next;
    span *= 2;
    const counts2 = countsOf(resolveSegments(segments), suite);
    if (!cases.some((c) => (counts2.get(c.case) ?? 0) < limit && c.firstSeq < from)) break;
  }
  return { segments, from };
}
function countsOf(resolved, suite) {
  const out = /* @__PURE__ */ new Map();
  for (const s of resolved) if (s.suite === suite) for (const p of s.points) out.set(p.case, (out.get(p.case) ?? 0) + 1);
  return out;
}
function withPreviousSeq(out) {
  const previous = previousEntrySeqs([...out.values()].flatMap((l) => l.map((p) => ({ seq: p.seq, sha: p.sha }))));
  for (const [k, list] of out) {
    out.set(
      k,
      list.map((p) => {
        const previousSeq = previous.get(p.seq);
        return previousSeq !== void 0 ? { ...p, previousSeq } : p;
      })
    );
  }
  return out;
}
function historiesOf(segments, suite, limit) {
  const out = /* @__PURE__ */ new Map();
  for (const s of resolveSegments(segments)) {
    if (s.suite !== suite) continue;
    for (const p of s.points) {
      const list = out.get(p.case) ?? [];
      list.push({ sha: s.commit.sha, seq: s.seq, value: p.value, q1: p.q1, q3: p.q3, runs: p.runs, n: p.n, ...p.summaryOnly === true ? { summaryOnly: true } : {} });
      out.set(p.case, list);
    }
  }
  for (const [k, list] of out) if (list.length > limit) out.set(k, list.slice(-limit));
  return withPreviousSeq(out);
}
function casesOfSuite(manifest, suite, only) {
  return manifest.cases.flatMap((c, i) => c.suite === suite && (only === void 0 || only.has(c.case)) ? [[c, i]] : []);
}
function walkFrom(state, cases, upTo, limit) {
  const firstSeq = cases.reduce((m, [c]) => Math.min(m, c.firstSeq), upTo);
  let from = upTo;
  for (let round = 0, span = limit; round < WALK_ROUNDS && from > firstSeq; round++, span *= 2) {
    from = Math.max(firstSeq, upTo - span);
    if (from < state.since) return void 0;
    const counts2 = /* @__PURE__ */ new Map();
    for (const e of state.entries) if (e.seq >= from && e.seq < upTo) for (const c of e.values.keys()) counts2.set(c, (counts2.get(c) ?? 0) + 1);
    if (!cases.some(([c, i]) => (counts2.get(i) ?? 0) < limit && c.firstSeq < from)) break;
  }
  return from;
}
function historiesFromState(state, manifest, upTo, limit, only) {
  const suite = manifest.suites[state.suite];
  if (suite === void 0) return void 0;
  const cases = casesOfSuite(manifest, suite, only);
  const from = walkFrom(state, cases, upTo, limit);
  if (from === void 0) return void 0;
  const out = /* @__PURE__ */ new Map();
  const newest = /* @__PURE__ */ new Map();
  for (const e of state.entries) for (const c of e.values.keys()) newest.set(c, e.seq);
  for (const e of state.entries) {
    if (e.seq < from || e.seq >= upTo) continue;
    for (const [c, value] of e.values) {
      const name = manifest.cases[c]?.case;
      if (name === void 0) return void 0;
      const bar = newest.get(c) === e.seq ? state.bars.get(c) : void 0;
      const list = out.get(name) ?? [];
      list.push({ sha: e.sha, seq: e.seq, value, q1: bar?.q1 ?? value, q3: bar?.q3 ?? value, runs: bar?.runs ?? 1, n: bar?.n ?? 1 });
      out.set(name, list);
    }
  }
  for (const [k, list] of out) if (list.length > limit) out.set(k, list.slice(-limit));
  return withPreviousSeq(out);
}
function newestSeqOf(manifest, suite) {
  return manifest.cases.reduce((m, c) => c.suite === suite ? Math.max(m, c.lastSeq) : m, -1);
}
function isCurrent(state, manifest) {
  const suite = manifest.suites[state.suite];
  if (suite === void 0) return false;
  return (state.entries[state.entries.length - 1]?.seq ?? -1) === newestSeqOf(manifest, suite);
}
function stateFromSegments(suite, name, manifest, segments, since) {
  return append({ suite, first: 0, since, entries: [], bars: /* @__PURE__ */ new Map() }, name, manifest, resolveSegments(segments), true);
}
function append(state, name, manifest, segments, resolved = false) {
  const index = caseIndexes(manifest, name);
  const entries = [...state.entries];
  const bars = new Map(state.bars);
  const shas = new Set(entries.map((e) => e.sha));
  for (const s of segments) {
    if (s.suite !== name || s.points.length === 0) continue;
    if (shas.has(s.commit.sha) && !resolved) return void 0;
    shas.add(s.commit.sha);
    const values = /* @__PURE__ */ new Map();
    for (const p of s.points) {
      const c = index.get(p.case);
      if (c === void 0 || values.has(c)) return void 0;
      values.set(c, p.value);
      bars.set(c, { q1: p.q1, q3: p.q3, runs: p.runs, n: p.n });
    }
    if (entries.length > 0 && s.seq <= entries[entries.length - 1].seq) return void 0;
    entries.push({ seq: s.seq, sha: s.commit.sha, values });
  }
  return { ...state, entries, bars };
}
function trim(state, manifest, upTo, limit = STATE_POINTS) {
  const suite = manifest.suites[state.suite];
  const newest = state.entries[state.entries.length - 1];
  if (suite === void 0 || newest === void 0) return state;
  const only = new Set([...newest.values.keys()].map((c) => manifest.cases[c]?.case));
  const longest = upTo - limit * 2 ** (WALK_ROUNDS - 1);
  const from = walkFrom(state, casesOfSuite(manifest, suite, only), upTo, limit) ?? longest;
  let drop = 0;
  const full = Math.floor((state.first + state.entries.length) / STATE_BLOCK) * STATE_BLOCK - state.first;
  while (drop + STATE_BLOCK <= full && drop + STATE_BLOCK < state.entries.length && state.entries[drop + STATE_BLOCK].seq <= from) drop += STATE_BLOCK;
  if (drop === 0) return state;
  const kept = state.entries.slice(drop);
  const since = state.entries[drop - 1].seq + 1;
  const bars = new Map([...state.bars].filter(([c]) => kept.some((e) => e.values.has(c))));
  return { ...state, first: state.first + drop, since, entries: kept, bars };
}

// src/core/trend/newest.ts
var NEWEST_PATH = "data/newest.json";
var NEWEST_SCHEMA = "benchtrend/newest";
var NEWEST_SEGMENTS = 4;
function encodeNewest(segments, index) {
  const { schema: _schema, version: _version, level: _level, index: _index, ...columns } = encodeChunk(0, 0, segments, index);
  const from = segments[0]?.seq ?? 0;
  return { schema: NEWEST_SCHEMA, version: CHUNK_FORMAT_VERSION, from, to: from + segments.length, ...columns };
}
function decodeNewest(file, manifest) {
  return decodeChunk({ ...file, schema: CHUNK_SCHEMA, level: 0, index: 0 }, manifest, file.to - file.from, file.from);
}

// src/core/trend/validate.ts
var TrendDataError = class extends InputError {
};
var NewerTrendDataError = class extends TrendDataError {
};
var validateManifest = lazyValidator(manifest_schema_default);
var validateSegment = lazyValidator(segment_schema_default);
var validateRollup = lazyValidator(rollup_schema_default, [segment_schema_default]);
var validateChunk = lazyValidator(chunk_schema_default);
var validateState = lazyValidator(regression_state_schema_default);
var validateNewest = lazyValidator(newest_schema_default, [chunk_schema_default]);
function parse(file, text2) {
  try {
    return JSON.parse(text2.replace(/^\uFEFF/, ""));
  } catch (e) {
    const why = text2.trim() === "" ? "the file is empty" : e instanceof Error ? e.message : String(e);
    throw new TrendDataError(`${file}: existing trend data is not JSON (${why}); refusing to publish over it`);
  }
}
function check(kind, validator2, file, text2) {
  const validate = validator2();
  const data = parse(file, text2);
  if (!validate(data)) {
    const first = validate.errors?.[0];
    const why = first ? schemaErrorLine(first, data, "the top level") : `does not match the ${kind} schema`;
    throw new TrendDataError(`${file}: existing trend data does not match the ${kind} schema: ${why}; refusing to publish over it`);
  }
  if (data.version > TREND_SCHEMA_VERSION) {
    throw new TrendDataError(
      `${file}: written by a newer benchtrend (trend format ${data.version}, this one reads ${TREND_SCHEMA_VERSION}); upgrade benchtrend (the action's version, or the npm package of the CLI)`
    );
  }
  return data;
}
function parseManifest(file, text2) {
  const m = check("manifest", validateManifest, file, text2);
  const bad = (why2) => new TrendDataError(`${file}: ${why2}; the manifest is damaged, refusing to read or publish over it`);
  const why = manifestCountsProblem(m) ?? caseListProblem(m);
  if (why) throw bad(why);
  return m;
}
function parseStateFile(file, text2, suite, part, manifest) {
  const data = parse(file, text2);
  const validate = validateState();
  if (!validate(data)) {
    const first = validate.errors?.[0];
    const why2 = first ? schemaErrorLine(first, data, "the top level") : "does not match the regression state schema";
    throw new TrendDataError(`${file}: existing trend data does not match the regression state schema: ${why2}; refusing to publish over it`);
  }
  if (data.version > STATE_VERSION) throw new NewerTrendDataError(`${file}: written by a newer benchtrend (regression state ${data.version}, this one reads ${STATE_VERSION}); upgrade benchtrend (the action's version, or the npm package of the CLI)`);
  const why = stateFileProblem(data, suite, part, manifest);
  if (why) throw new TrendDataError(`${file}: ${why}; the regression state is damaged, refusing to publish over it`);
  return data;
}
function parseSegment(file, text2, seq) {
  const s = check("segment", validateSegment, file, text2);
  if (s.seq !== seq) throw new TrendDataError(`${file}: holds segment ${s.seq} but its path is that of segment ${seq}`);
  return s;
}
function parseRollup(file, text2, level2, index, size) {
  const r = check("rollup", validateRollup, file, text2);
  if (r.level !== level2 || r.index !== index) {
    throw new TrendDataError(`${file}: holds level-${r.level} rollup ${r.index} but its path is that of level-${level2} rollup ${index}`);
  }
  if (r.segments.length !== size) {
    throw new TrendDataError(`${file}: a level-${level2} rollup holds ${size} segments, this one ${r.segments.length}`);
  }
  r.segments.forEach((s, i) => {
    if (s.seq !== index * size + i) {
      throw new TrendDataError(`${file}: segments[${i}] is segment ${s.seq}, expected ${index * size + i}`);
    }
  });
  return r;
}
function parseChunk(file, text2, level2, index, size, manifest) {
  const c = checkedChunk(file, text2, level2, index);
  return refusedAsData(file, () => decodeChunk(c, manifest, size));
}
function refusedAsData(file, decode) {
  try {
    return decode();
  } catch (e) {
    if (e instanceof ChunkError) throw new TrendDataError(`${file}: ${e.message}; refusing to publish over it`);
    throw e;
  }
}
function checkedChunk(file, text2, level2, index) {
  const c = check("chunk", validateChunk, file, text2);
  if (c.level !== level2 || c.index !== index) {
    throw new TrendDataError(`${file}: holds level-${c.level} chunk ${c.index} but its path is that of level-${level2} chunk ${index}`);
  }
  return c;
}
function chunkReadsAs(file, text2, level2, index, size, manifest, segments) {
  const c = checkedChunk(file, text2, level2, index);
  let same = segments.length === size;
  refusedAsData(
    file,
    () => eachDecoded(c, manifest, size, index * size, (s, i) => {
      if (same && !sameJson(s, segments[i])) same = false;
    })
  );
  return same;
}
function parseNewest(file, text2, manifest, most) {
  const n = check("newest", validateNewest, file, text2);
  if (n.to !== manifest.segments || n.from > n.to || n.to - n.from > most) {
    throw new TrendDataError(`${file}: holds segments ${n.from} to ${n.to - 1}, not the newest (at most ${most}) of the ${manifest.segments} the manifest counts`);
  }
  return refusedAsData(file, () => decodeNewest(n, manifest));
}
var MAX_SEGMENT_BYTES = 4 * 1024 * 1024;
var decoder = new TextDecoder("utf-8", { fatal: true });
function caseOf(data, pointer) {
  const m = /^(?:\/segments\/(\d+))?\/points\/(\d+)/.exec(pointer);
  if (!m || typeof data !== "object" || data === null) return void 0;
  const seg = m[1] === void 0 ? data : data.segments?.[Number(m[1])];
  const point = seg?.points?.[Number(m[2])];
  const name = point?.case;
  return typeof name === "string" ? name : void 0;
}
function refuseWrite(file, why) {
  throw new InputError(`${file}: benchtrend would write data its readers refuse (${why}); nothing was pushed`);
}
function pointsProblem(file, segment, prefix) {
  for (const [i, p] of segment.points.entries()) {
    const why = pointProblem(p);
    if (why) refuseWrite(file, `case ${visible(p.case)}: ${prefix}points[${i}].${why}`);
  }
}
function checkNewSegment(file, segment) {
  for (const [what, name] of [["suite", segment.suite], ...segment.shapes.map((s) => ["shape", s]), ...segment.points.map((p) => ["case", p.case])]) {
    const why = nameProblem(name);
    if (why) refuseWrite(file, `the ${what} ${visible(name)} ${why}`);
  }
  pointsProblem(file, segment, "");
}
function checkSegmentSize(file, text2) {
  if (text2.length > MAX_SEGMENT_BYTES) {
    refuseWrite(file, `a segment of ${Math.ceil(text2.length / 1024)} KiB, more than the ${MAX_SEGMENT_BYTES / 1024 / 1024} MiB one publish may write; publish fewer cases or fewer runs per case`);
  }
}
var WRITTEN_KINDS = [
  {
    path: /^manifest\.json$/,
    check: (file, text2) => {
      parseManifest(file, text2);
    }
  },
  {
    path: /^data\/seg\/\d{4}\/\d{2}\/(\d{8,})\.json$/,
    check: (file, text2, m) => {
      checkSegmentSize(file, text2);
      checkNewSegment(file, parseSegment(file, text2, Number(m[1])));
    }
  },
  {
    path: /^data\/roll\/([12])\/\d{4}\/(\d{6,})\.json$/,
    check: (file, text2, m) => {
      const level2 = Number(m[1]);
      parseRollup(file, text2, level2, Number(m[2]), ROLLUP_FANOUT ** level2);
    }
  },
  {
    // Format 2 (issue #12): a level-0 chunk is one publish's segment, so it meets the segment's
    // bounds and name rules; a rollup chunk gathers segments that met them when they were written.
    path: /^data\/c\/([012])\/\d{4}\/(\d{8,})\.json$/,
    check: (file, text2, m, manifest) => {
      if (manifest === void 0) refuseWrite(file, "a chunk written without the manifest its cases refer to");
      const level2 = Number(m[1]);
      if (level2 === 0) checkSegmentSize(file, text2);
      const segments = parseChunk(file, text2, level2, Number(m[2]), ROLLUP_FANOUT ** level2, manifest);
      if (level2 === 0) for (const segment of segments) checkNewSegment(file, segment);
    }
  },
  {
    // Issue #12: a suite's regression state, checked against the manifest written beside it.
    path: STATE_PATH,
    check: (file, text2, m, manifest) => {
      if (manifest === void 0) refuseWrite(file, "a regression state written without the manifest its cases refer to");
      parseStateFile(file, text2, Number(m[1]), m[2] === "head" ? "head" : Number(m[2]), manifest);
    }
  },
  {
    // A copy of the newest segments, each already checked in its own chunk.
    path: /^data\/newest\.json$/,
    check: (file, text2, _m, manifest) => {
      if (manifest === void 0) refuseWrite(file, "the newest points written without the manifest their cases refer to");
      parseNewest(file, text2, manifest, NEWEST_SEGMENTS);
    }
  }
];
function checkWrittenFiles(files, location) {
  let manifest;
  const ordered = [...files].sort(([a], [b]) => Number(b === "manifest.json") - Number(a === "manifest.json"));
  for (const [path, content] of ordered) {
    const kind = WRITTEN_KINDS.map((k) => ({ k, m: k.path.exec(path) })).find((x) => x.m !== null);
    const file = location === "" ? path : `${location}/${path}`;
    if (!kind) {
      if (path.startsWith("data/")) refuseWrite(file, "a path under data/ that no reader knows");
      continue;
    }
    let text2;
    try {
      text2 = typeof content === "string" ? content : decoder.decode(content);
    } catch {
      refuseWrite(file, "not UTF-8");
    }
    try {
      kind.k.check(file, text2, kind.m, manifest);
      if (path === "manifest.json") manifest = parseManifest(file, text2);
    } catch (e) {
      if (!(e instanceof TrendDataError)) throw e;
      const pointer = /^(.*?): existing trend data does not match the \w+ schema: (\S+)/.exec(e.message)?.[2] ?? "";
      const name = caseOf(JSON.parse(text2), `/${pointer.replace(/\[(\d+)\]/g, "/$1").replace(/\./g, "/")}`);
      const why = e.message.replace(`${file}: `, "").replace(/^existing trend data does not match/, "does not match").replace(/; refusing to publish over it$/, "");
      const nullNote = /got null$/.test(why) ? " (JSON stores NaN and Infinity as null: a number overflowed)" : "";
      refuseWrite(file, `${name !== void 0 ? `case ${visible(name)}: ` : ""}${why}${nullNote}`);
    }
  }
}

// src/core/trend/load.ts
function chunk(level2, index) {
  if (level2 === 0) return { level: level2, index, from: index, to: index + 1, path: segmentPath(index) };
  const size = rollupSize(level2);
  return { level: level2, index, from: index * size, to: (index + 1) * size, path: rollupPath(level2, index) };
}
function coverChunks(from, to) {
  const out = [];
  let s = from;
  while (s < to) {
    const big = rollupSize(2);
    const small = rollupSize(1);
    if (s % big === 0 && s + big <= to) out.push(chunk(2, s / big));
    else if (s % small === 0 && s + small <= to) out.push(chunk(1, s / small));
    else out.push(chunk(0, s));
    s = out[out.length - 1].to;
  }
  return out;
}
function locate(location, path) {
  return location === "" ? path : `${location}/${path}`;
}
async function readManifest(read, location) {
  const text2 = await read(MANIFEST_PATH);
  return text2 === void 0 ? void 0 : parseManifest(locate(location, MANIFEST_PATH), text2);
}
function holeText(location, file, c, last) {
  const held = c.to - c.from === 1 ? `segment ${c.from}` : `segments ${c.from} to ${c.to - 1}`;
  return `${file}: missing, but ${locate(location, MANIFEST_PATH)} lists segments up to ${last}, ${held} among them`;
}
async function missingRollups(exists, location, manifest) {
  if (manifest.version < 2) return [];
  const rollups = coverChunks(0, manifest.segments).filter((c) => c.level > 0);
  const found = await Promise.all(rollups.map((c) => exists(chunkPath(c.level, c.index))));
  const onBranch = (path) => locate(location.slice(location.indexOf(":") + 1), path);
  return rollups.filter((_, i) => !found[i]).map((c) => {
    const path = chunkPath(c.level, c.index);
    return `${holeText(location, locate(location, path), c, manifest.segments - 1)}: the chart page and benchtrend history cannot load them; restore the file from the branch's history (git log --diff-filter=D -- ${onBranch(path)}) and push it back`;
  });
}
async function readChunk(read, location, c, manifest) {
  const v2 = manifest !== void 0 && manifest.version >= 2;
  const path = v2 ? chunkPath(c.level, c.index) : c.path;
  const file = locate(location, path);
  const text2 = await read(path);
  if (text2 === void 0) {
    throw new TrendDataError(`${holeText(location, file, c, manifest === void 0 ? c.to - 1 : manifest.segments - 1)}; refusing to publish over a trend with a hole`);
  }
  if (v2) return parseChunk(file, text2, c.level, c.index, c.to - c.from, manifest);
  if (c.level === 0) return [parseSegment(file, text2, c.index)];
  return parseRollup(file, text2, c.level, c.index, c.to - c.from).segments;
}
function chunksFor(from, to, manifest) {
  if (manifest === void 0 || manifest.version < 2) return coverChunks(from, to);
  return coverChunks(0, manifest.segments).filter((c) => c.to > from && c.from < to);
}
async function loadSegments(read, location, from, to, manifest) {
  const m = manifest ?? await readManifest(read, location);
  const parts = await Promise.all(chunksFor(from, to, m).map((c) => readChunk(read, location, c, m)));
  return parts.flat().filter((s) => s.seq >= from && s.seq < to);
}

// src/core/annotations.ts
var COMMIT = /^[0-9a-f]{7,40}$/i;
var DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
var LINE = /^(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?|[^\s:]+)\s*:(.*)$/;
var MAX_LABEL_LENGTH = 200;
function realDate(at) {
  const m = DATE.exec(at);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map((x) => x === void 0 ? void 0 : Number(x));
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return false;
  return (h ?? 0) < 24 && (mi ?? 0) < 60 && (s ?? 0) < 60;
}
function normaliseAt(at) {
  if (COMMIT.test(at)) return at.toLowerCase();
  if (realDate(at)) return at.replace(" ", "T");
  return void 0;
}
function parseAnnotations(text2, source) {
  const out = [];
  const lineOf = /* @__PURE__ */ new Map();
  const lines = text2.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const where2 = `${source}: line ${i + 1}`;
    const m = LINE.exec(line);
    if (!m) {
      throw new InputError(`${where2}: ${JSON.stringify(line)} is not "<commit or date>: <label>"`);
    }
    const rawAt = m[1] ?? "";
    const label = (m[2] ?? "").trim();
    const at = normaliseAt(rawAt);
    if (at === void 0) {
      throw new InputError(
        `${where2}: ${JSON.stringify(rawAt)} is neither a commit (7 to 40 hex digits) nor a date (YYYY-MM-DD, optionally with a time)`
      );
    }
    if (label === "") throw new InputError(`${where2}: the label after ${JSON.stringify(rawAt)} is empty`);
    if (label.length > MAX_LABEL_LENGTH) {
      throw new InputError(`${where2}: the label is ${label.length} characters; at most ${MAX_LABEL_LENGTH} fit on a chart`);
    }
    const earlier = lineOf.get(at);
    if (earlier !== void 0) {
      throw new InputError(`${where2}: ${JSON.stringify(rawAt)} already has a marker, on line ${earlier}; a commit or date takes one label: join them on one line`);
    }
    lineOf.set(at, i + 1);
    out.push({ at, label });
  });
  return out;
}
function mergeAnnotations(existing, added) {
  const byAt = /* @__PURE__ */ new Map();
  for (const a of existing) byAt.set(a.at, a);
  for (const a of added) byAt.set(a.at, a);
  return [...byAt.values()];
}

// src/core/trend/convert-point.ts
function convertStoredPoint(p, unit) {
  if (p.unit === unit) return p;
  if (!canConvert(p.unit, unit)) return void 0;
  const to = (x) => convertUnit(x, p.unit, unit);
  const { range: _range, ...rest } = p;
  return {
    ...rest,
    unit,
    value: to(p.value),
    q1: to(p.q1),
    q3: to(p.q3),
    min: to(p.min),
    max: to(p.max),
    stdev: p.stdev === null ? null : to(p.stdev),
    samples: p.samples.map(to)
  };
}

// src/core/json-syntax.ts
var NON_FINITE_WORD = /^-?(?:inf(?:inity)?|nan)(?![\w$])/i;
function jsonErrorOffset(text2) {
  let i = 0;
  const ws = () => {
    while (i < text2.length && " 	\r\n".includes(text2[i])) i++;
  };
  const fail = () => {
    throw i;
  };
  const literal = () => {
    for (const word of ["true", "false", "null"]) {
      if (text2.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    const odd = NON_FINITE_WORD.exec(text2.slice(i, i + 10));
    if (odd) {
      i += odd[0].length;
      return;
    }
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text2.slice(i, i + 400));
    if (!m) fail();
    i += m[0].length;
  };
  const string = () => {
    i++;
    while (i < text2.length && text2[i] !== '"') {
      const c = text2.charCodeAt(i);
      if (c < 32) fail();
      if (text2[i] === "\\") {
        i++;
        if (text2[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text2.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text2[i] ?? "")) fail();
      }
      i++;
    }
    if (i >= text2.length) fail();
    i++;
  };
  const value = () => {
    ws();
    const c = text2[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      ws();
      if (text2[i] === close) {
        i++;
        return;
      }
      for (; ; ) {
        if (c === "{") {
          ws();
          if (text2[i] !== '"') fail();
          string();
          ws();
          if (text2[i] !== ":") fail();
          i++;
        }
        value();
        ws();
        if (text2[i] === ",") {
          i++;
          continue;
        }
        if (text2[i] === close) {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '"') return string();
    literal();
  };
  try {
    value();
    ws();
    return i < text2.length ? i : void 0;
  } catch (at) {
    return typeof at === "number" ? at : void 0;
  }
}
function syntaxProblem(text2) {
  if (text2.trim() === "") return "the file is empty";
  const at = jsonErrorOffset(text2);
  if (at === void 0) return "it does not parse";
  const before = text2.slice(0, at);
  const line = before.split("\n").length;
  const column2 = at - before.lastIndexOf("\n");
  if (at >= text2.length) return `line ${line}: the text ends before the JSON does`;
  const c = text2.charCodeAt(at);
  const what = c === 10 || c === 13 ? "a line break" : c < 32 ? "a control character" : JSON.stringify(text2.slice(at, at + 12).split(/\r?\n/)[0]);
  return `line ${line}, column ${column2}: unexpected ${what}`;
}

// src/core/trend/import-gab.ts
var BIGGER_IS_BETTER = {
  cargo: false,
  go: false,
  benchmarkjs: true,
  benchmarkluau: false,
  pytest: true,
  googlecpp: false,
  catch2: false,
  julia: false,
  jmh: false,
  benchmarkdotnet: false,
  customBiggerIsBetter: true,
  customSmallerIsBetter: false
};
function directionOf(tool, unit, conflict) {
  const known = BIGGER_IS_BETTER[tool];
  const toolSays = known === void 0 ? void 0 : known ? "bigger" : "smaller";
  const unitSays = directionOfUnit(unit) ?? (/(?:ops|iter|iterations|runs)\s*\/\s*s(?:ec)?$/i.test(unit) ? "bigger" : void 0);
  if (unitSays !== void 0 && toolSays !== void 0 && unitSays !== toolSays) conflict(unitSays, toolSays);
  return unitSays ?? toolSays ?? "smaller";
}
var NUMBER = String.raw`(\d[\d,]*(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?`;
var PLUS_MINUS = new RegExp(String.raw`^(?:±|\+\s*/\s*-|\+-)?\s*${NUMBER}\s*(%)?$`, "i");
var STDDEV = new RegExp(String.raw`^stddev:\s*${NUMBER}$`, "i");
function numberOf(digits, exponent) {
  return Number(`${digits.replace(/,/g, "")}${exponent !== void 0 ? `e${exponent}` : ""}`);
}
function parseRange(text2, value) {
  const t = text2.trim();
  const sd = STDDEV.exec(t);
  if (sd) {
    const s = numberOf(sd[1], sd[2]);
    return Number.isFinite(s) ? { lo: value - s, hi: value + s, stdev: s } : void 0;
  }
  const pm2 = PLUS_MINUS.exec(t);
  if (!pm2) return void 0;
  const n = numberOf(pm2[1], pm2[2]);
  if (!Number.isFinite(n)) return void 0;
  const half = pm2[3] === "%" ? Math.abs(value) * (n / 100) : n;
  return { lo: value - half, hi: value + half };
}
function barOf(tool, unit, range, value) {
  if (tool === "catch2") return void 0;
  const bar = parseRange(range, value);
  if (tool !== "pytest" || bar?.stdev === void 0 || directionOfUnit(unit) !== "bigger" || !(value > 0)) return bar;
  const mean2 = 1 / value;
  const s = bar.stdev;
  return s < mean2 ? { lo: clean(1 / (mean2 + s)), hi: clean(1 / (mean2 - s)) } : void 0;
}
function runsOf2(extra) {
  const kn = /(?:^|\s)runs=(\d+)\/(\d+)(?:\s|$)/.exec(extra ?? "");
  if (kn) return { runs: Number(kn[1]), n: Number(kn[2]) };
  const samples = /(?:^|\s)(\d+) samples?(?:\s|$)/.exec(extra ?? "");
  if (samples) return { runs: Number(samples[1]), n: Number(samples[1]) };
  return { runs: 1, n: 1 };
}
function namedByBenchtrend(name, tool) {
  return name.indexOf(" / ") > 0 && (tool === "" || tool === "customSmallerIsBetter" || tool === "customBiggerIsBetter");
}
function shapeOf(name, tool) {
  return namedByBenchtrend(name, tool) ? name.slice(0, name.indexOf(" / ")) : tool || "imported";
}
function importedCaseName(name, tool) {
  return namedByBenchtrend(name, tool) ? name : `${shapeOf(name, tool)} / ${name}`;
}
var isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var text = (v) => typeof v === "string" ? v : void 0;
function inFile(problem, head) {
  const lines = head.split("\n");
  const lead = lines.length - 1;
  const width = lines[lines.length - 1].length;
  return problem.replace(/^line (\d+)(?:, column (\d+))?/, (_, line, column2) => {
    const l = Number(line);
    const at = `line ${l + lead}`;
    return column2 === void 0 ? at : `${at}, column ${l === 1 ? Number(column2) + width : Number(column2)}`;
  });
}
function parseDataJs(file, source) {
  if (source.trim() === "") throw new InputError(`${file}: not a github-action-benchmark data.js: the file is empty`);
  if (source.startsWith("version https://git-lfs")) {
    throw new InputError(`${file}: not a github-action-benchmark data.js: it is a Git LFS pointer; check the branch out with its LFS objects (git lfs pull) and give that file`);
  }
  const unmarked = source.replace(/^\uFEFF/, "");
  const head = /^\s*window\.BENCHMARK_DATA\s*=\s*/.exec(unmarked)?.[0] ?? "";
  const trimmed2 = unmarked.slice(head.length).trimEnd();
  const body = trimmed2.endsWith(";") ? trimmed2.slice(0, -1) : trimmed2;
  let data;
  try {
    data = JSON.parse(body);
  } catch {
    if (/^\{\s*[A-Za-z_$][\w$]*\s*:/.test(body)) {
      throw new InputError(`${file}: not a github-action-benchmark data.js: its object is JavaScript with unquoted keys, not the JSON the action writes (a minified copy?); give the data.js on the branch github-action-benchmark pushed to`);
    }
    throw new InputError(`${file}: not a github-action-benchmark data.js (${inFile(syntaxProblem(body), head)})`);
  }
  if (!isObject(data) || !isObject(data["entries"])) {
    throw new InputError(`${file}: not a github-action-benchmark data.js: no "entries" object`);
  }
  return data;
}
function hasFullSha(raw) {
  return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text(raw["id"])?.toLowerCase() ?? "");
}
function commitOf(raw) {
  const sha = (text(raw["id"]) ?? "").toLowerCase();
  const person = isObject(raw["author"]) ? raw["author"] : isObject(raw["committer"]) ? raw["committer"] : {};
  const url = text(raw["url"]);
  return {
    sha,
    // Free text, stored as a publish stores a commit's: normalised (docs/troubleshooting.md).
    message: normaliseText(text(raw["message"]) ?? ""),
    author: normaliseText(text(person["name"]) ?? text(person["username"]) ?? ""),
    timestamp: text(raw["timestamp"]) ?? "",
    ...url !== void 0 ? { url } : {}
  };
}
function metricOf(unit) {
  return unit.split("	")[0]?.trim() ?? "";
}
function otherMetrics(unit) {
  return unit.split("	").slice(1).map((x) => x.trim().replace(/\s+/g, " ")).filter((x) => x !== "").join(", ");
}
function namesInSeveralMetrics(data, suites) {
  const several = /* @__PURE__ */ new Set();
  for (const suite of suites) {
    const list = data["entries"][suite];
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      if (!isObject(raw) || !Array.isArray(raw["benches"])) continue;
      const seen = /* @__PURE__ */ new Map();
      for (const b of raw["benches"]) {
        if (!isObject(b) || typeof b["name"] !== "string") continue;
        const metric = metricOf(text(b["unit"]) ?? "");
        const before = seen.get(b["name"]);
        if (before !== void 0 && before !== metric) several.add(`${suite}\0${b["name"]}`);
        seen.set(b["name"], metric);
      }
    }
  }
  return several;
}
function repeatsOfFirstMetric(benches) {
  const firstMetric = /* @__PURE__ */ new Map();
  for (const b of benches) {
    if (!isObject(b) || typeof b["name"] !== "string") continue;
    const unit = text(b["unit"]) ?? "";
    if (!unit.includes("	")) continue;
    const seen = firstMetric.get(b["name"]) ?? { metric: metricOf(unit), values: [] };
    seen.values.push(Number(b["value"]));
    firstMetric.set(b["name"], seen);
  }
  const out = /* @__PURE__ */ new Set();
  if (firstMetric.size === 0) return out;
  benches.forEach((b, j) => {
    if (!isObject(b) || typeof b["name"] !== "string") return;
    const unit = text(b["unit"]) ?? "";
    const cut = b["name"].lastIndexOf(" - ");
    if (cut < 0 || b["name"].slice(cut + 3) !== unit) return;
    const of = firstMetric.get(b["name"].slice(0, cut));
    if (of && of.metric === unit && of.values.includes(Number(b["value"]))) out.add(j);
  });
  return out;
}
function firstMetricsByName(benches, tool) {
  const out = /* @__PURE__ */ new Map();
  if (tool !== "go") return out;
  const names2 = /* @__PURE__ */ new Set();
  for (const b of benches) if (isObject(b) && typeof b["name"] === "string") names2.add(b["name"]);
  const first = /* @__PURE__ */ new Map();
  benches.forEach((b, j) => {
    if (!isObject(b) || typeof b["name"] !== "string") return;
    const unit = text(b["unit"]) ?? "";
    const cut = b["name"].lastIndexOf(" - ");
    if (cut < 0 || unit === "" || b["name"].slice(cut + 3) !== unit) return;
    const base = b["name"].slice(0, cut);
    if (names2.has(base)) return;
    const metric = first.get(base) ?? unit;
    first.set(base, metric);
    if (unit === metric) out.set(j, base);
  });
  return out;
}
var AGGREGATE = /^(.+)_(mean|median|stddev|cv)$/;
function aggregatesOf(benches, tool) {
  const out = /* @__PURE__ */ new Map();
  if (tool !== "googlecpp") return out;
  const byName = /* @__PURE__ */ new Map();
  for (const b of benches) if (isObject(b) && typeof b["name"] === "string" && !byName.has(b["name"])) byName.set(b["name"], b["value"]);
  benches.forEach((b, j) => {
    if (!isObject(b) || typeof b["name"] !== "string") return;
    const m = AGGREGATE.exec(b["name"]);
    if (!m) return;
    const base = m[1];
    if (!byName.has(`${base}_stddev`) || !(byName.has(`${base}_mean`) || byName.has(`${base}_median`))) return;
    const centre = byName.has(`${base}_median`) ? "median" : "mean";
    const kept = !byName.has(base) && m[2] === centre;
    const sd = byName.get(`${base}_stddev`);
    out.set(j, { base, kept, ...kept && typeof sd === "number" && Number.isFinite(sd) && sd >= 0 ? { stdev: sd } : {} });
  });
  return out;
}
function leaveOut(into, key2, at, name, why) {
  const seen = into.get(key2);
  if (seen) seen.count++;
  else into.set(key2, { at, name, why, count: 1 });
}
function importGab(file, source) {
  const data = parseDataJs(file, source);
  const entries = [];
  const notNumbers = /* @__PURE__ */ new Map();
  const unstorable = /* @__PURE__ */ new Map();
  const conflicts = /* @__PURE__ */ new Map();
  const repeated = /* @__PURE__ */ new Map();
  const renamed = /* @__PURE__ */ new Map();
  const aggregated = { kept: /* @__PURE__ */ new Map(), left: /* @__PURE__ */ new Map() };
  const unkeyed = /* @__PURE__ */ new Map();
  const suites = Object.keys(data["entries"]);
  const several = namesInSeveralMetrics(data, suites);
  let points = 0;
  for (const suite of suites) {
    const list = data["entries"][suite];
    if (!Array.isArray(list)) throw new InputError(`${file}: entries[${JSON.stringify(suite)}] is not an array`);
    list.forEach((raw, i) => {
      const where2 = `entries[${JSON.stringify(suite)}][${i}]`;
      if (!isObject(raw)) throw new InputError(`${file}: ${where2} is not an object`);
      const rawCommit = raw["commit"];
      if (!isObject(rawCommit)) throw new InputError(`${file}: ${where2}.commit is not an object`);
      if (!hasFullSha(rawCommit)) {
        const u = unkeyed.get(suite);
        if (u) u.count++;
        else unkeyed.set(suite, { count: 1, where: where2, id: JSON.stringify(rawCommit["id"]) });
        return;
      }
      const commit = commitOf(rawCommit);
      const tool = text(raw["tool"]) ?? "";
      const benches = raw["benches"];
      if (!Array.isArray(benches)) throw new InputError(`${file}: ${where2}.benches is not an array`);
      const date = typeof raw["date"] === "number" ? raw["date"] : Date.parse(commit.timestamp);
      const stored = /* @__PURE__ */ new Map();
      const runs2 = /* @__PURE__ */ new Map();
      const firstAt = /* @__PURE__ */ new Map();
      const copies = repeatsOfFirstMetric(benches);
      const firstNamed = firstMetricsByName(benches, tool);
      const aggregates = aggregatesOf(benches, tool);
      benches.forEach((b, j) => {
        const at = `${where2}.benches[${j}]`;
        if (copies.has(j)) {
          const r = repeated.get(suite) ?? { count: 0, example: b["name"], tool };
          repeated.set(suite, { ...r, count: r.count + 1 });
          return;
        }
        const aggregate = aggregates.get(j);
        if (aggregate) {
          const tally = aggregated[aggregate.kept ? "kept" : "left"];
          const t = tally.get(suite) ?? { count: 0, example: b["name"], base: aggregate.base };
          tally.set(suite, { ...t, count: t.count + 1 });
          if (!aggregate.kept) return;
        }
        if (!isObject(b) || typeof b["name"] !== "string" || b["name"] === "") {
          throw new InputError(`${file}: ${at} has no name`);
        }
        if (b["unit"] !== void 0 && typeof b["unit"] !== "string") {
          throw new InputError(`${file}: ${at}.unit is not text, got ${JSON.stringify(b["unit"])}`);
        }
        const unitText = text(b["unit"]) ?? "";
        const writtenUnit = unitText.includes("	") ? metricOf(unitText) : unitText;
        const others = unitText.includes("	") ? otherMetrics(unitText) : "";
        const given = aggregate?.base ?? firstNamed.get(j) ?? b["name"];
        if (firstNamed.has(j)) {
          const r = renamed.get(suite) ?? { count: 0, example: b["name"], tool };
          renamed.set(suite, { ...r, count: r.count + 1 });
        }
        const name = several.has(`${suite}\0${given}`) ? `${given} - ${metricOf(writtenUnit)}` : given;
        const written = typeof b["value"] === "number" ? b["value"] : typeof b["value"] === "string" && b["value"].trim() !== "" ? Number(b["value"]) : NaN;
        if (!Number.isFinite(written)) {
          leaveOut(notNumbers, `${suite}\0${name}\0${JSON.stringify(b["value"])}`, at, name, `value ${JSON.stringify(b["value"])} is not a number`);
          return;
        }
        const asRun = tool === "catch2" && writtenUnit !== "ns" && canConvert(writtenUnit, "ns");
        const value = asRun ? convertUnit(written, writtenUnit, "ns") : written;
        const unit = asRun ? "ns" : writtenUnit;
        const range = text(b["range"]) ?? (typeof b["range"] === "number" ? String(b["range"]) : void 0);
        const extra = [extraText(b["extra"]), others].filter((x) => x !== void 0 && x !== "").join("\n") || void 0;
        const bar = range !== void 0 ? barOf(tool, unit, range, value) : aggregate?.stdev !== void 0 ? { lo: value, hi: value, stdev: aggregate.stdev } : void 0;
        const lo = bar?.lo ?? value;
        const hi = bar?.hi ?? value;
        if (stored.has(name)) runs2.get(name)?.push(value);
        else {
          runs2.set(name, [value]);
          firstAt.set(name, at);
        }
        stored.set(name, {
          case: importedCaseName(name, tool),
          shape: shapeOf(name, tool),
          unit,
          direction: directionOf(tool, unit, (unitSays, toolSays) => {
            const named = importedCaseName(name, tool);
            const key2 = `${suite}\0${named}`;
            if (!conflicts.has(key2)) {
              conflicts.set(key2, {
                suite,
                case: named,
                text: `${named} (suite ${suite}): its unit ${JSON.stringify(unit)} says ${unitSays} is better, github-action-benchmark's table for ${tool} says ${toolSays}; the unit is used (set direction-overrides to choose)`
              });
            }
          }),
          value,
          q1: lo,
          q3: hi,
          min: lo,
          max: hi,
          stdev: bar?.stdev ?? null,
          ...runsOf2(extra),
          samples: [],
          summaryOnly: true,
          ...range !== void 0 ? { range } : {},
          ...extra !== void 0 ? { extra } : {}
        });
      });
      for (const [name, values] of runs2) {
        const last = stored.get(name);
        if (values.length < 2 || !last) continue;
        const { range: _range, summaryOnly: _summary, ...rest } = last;
        const sp = spread(values);
        stored.set(name, {
          ...rest,
          value: clean(sp.median),
          q1: clean(sp.q1),
          q3: clean(sp.q3),
          min: clean(sp.min),
          max: clean(sp.max),
          stdev: sp.stdev === null ? null : clean(sp.stdev),
          runs: values.length,
          n: values.length,
          samples: values
        });
      }
      for (const [name, point] of stored) {
        const why = pointProblem(point);
        if (why === void 0) continue;
        stored.delete(name);
        leaveOut(unstorable, `${suite}\0${name}\0${why.replace(/ is [^,]*,/, " is #,")}`, firstAt.get(name) ?? where2, name, why);
      }
      points += stored.size;
      const publishedAt = Number.isFinite(date) ? new Date(date).toISOString() : commit.timestamp;
      entries.push({ entry: { suite, commit, publishedAt, points: [...stored.values()] }, date: Number.isFinite(date) ? date : 0, order: entries.length });
    });
  }
  const firstUnkeyed = [...unkeyed.values()][0];
  if (entries.length === 0 && firstUnkeyed) throw new InputError(`${file}: ${firstUnkeyed.where}.commit.id is not a full commit sha, got ${firstUnkeyed.id}`);
  entries.sort((a, b) => a.date - b.date || a.order - b.order);
  const repeats = [...repeated].map(([suite, r]) => {
    const name = r.example.slice(0, r.example.lastIndexOf(" - "));
    return `suite ${suite}: left out ${r.count} bench${r.count === 1 ? "" : "es"} like ${JSON.stringify(r.example)}, each a copy of the first metric of a go line that github-action-benchmark 1.18 and later writes under both names; kept as case ${JSON.stringify(importedCaseName(name, r.tool))}, the name a go run publishes it under`;
  });
  for (const [suite, r] of renamed) {
    const name = r.example.slice(0, r.example.lastIndexOf(" - "));
    repeats.push(
      `suite ${suite}: ${r.count} bench${r.count === 1 ? "" : "es"} like ${JSON.stringify(r.example)}, the first metric of a go line that a newer github-action-benchmark writes only metric by metric, ${r.count === 1 ? "is" : "are"} case ${JSON.stringify(importedCaseName(name, r.tool))}, the name the line's older entries and a go run give it`
    );
  }
  for (const [suite, a] of aggregated.kept) {
    repeats.push(
      `suite ${suite}: ${a.count} Google Benchmark aggregate${a.count === 1 ? "" : "s"} like ${JSON.stringify(a.example)} ${a.count === 1 ? "is" : "are"} case ${JSON.stringify(importedCaseName(a.base, "googlecpp"))}, the name a googlecpp run publishes its repetitions under`
    );
  }
  for (const [suite, a] of aggregated.left) {
    repeats.push(
      `suite ${suite}: left out ${a.count} Google Benchmark aggregate${a.count === 1 ? "" : "s"} like ${JSON.stringify(a.example)}, statistics of the repetitions that case ${JSON.stringify(importedCaseName(a.base, "googlecpp"))} holds as its runs or its median; data.js keeps them`
    );
  }
  const unkeyedLines = [...unkeyed].map(
    ([suite, u]) => `suite ${suite}: left out ${u.count} entr${u.count === 1 ? "y" : "ies"} whose commit.id is not a full commit sha (the first: ${u.where}.commit.id ${u.id}); a trend keys each point by its commit, and data.js keeps them`
  );
  const skipped = [...notNumbers.values(), ...unstorable.values()].map((n) => `${n.at}${n.count > 1 ? ` and ${n.count - 1} more` : ""} (${n.name}): ${n.why}`);
  return { entries: entries.map((e) => e.entry), suites, points, skipped, conflicts: [...conflicts.values()], repeats, unkeyed: unkeyedLines };
}

// src/core/trend/newest-plan.ts
function previousNewestText(read, previous) {
  if (previous === void 0 || previous.version < 2) return Promise.resolve(void 0);
  return read(NEWEST_PATH).catch(() => void 0);
}
function previousNewest(text2, location, previous) {
  if (previous === void 0 || previous.version < 2 || text2 === void 0) return void 0;
  try {
    return parseNewest(locate(location, NEWEST_PATH), text2, previous, NEWEST_SEGMENTS);
  } catch (e) {
    if (e instanceof TrendDataError) return void 0;
    throw e;
  }
}
async function nextNewest(total, added, previous, load, manifest) {
  const from = Math.max(0, total - NEWEST_SEGMENTS);
  const first = total - added.length;
  let older = [];
  if (from < first) {
    const kept = previous?.filter((s) => s.seq >= from && s.seq < first) ?? [];
    older = kept.length === first - from && previous?.at(-1)?.seq === first - 1 ? kept : await load(from, first);
  }
  const segments = [...older, ...added.filter((s) => s.seq >= from)];
  const file = encodeNewest(segments, indexManifest(manifest));
  if (!sameSegments(decodeNewest(file, manifest), segments)) throw new Error(`${NEWEST_PATH}: the file written would not read back as the segments it holds; nothing was published`);
  return file;
}
async function planNewest(previousText, location, previous, added, manifest, load) {
  const total = (previous?.segments ?? 0) + added.length;
  const file = await nextNewest(total, added, previousNewest(previousText, location, previous), load, manifest);
  return [NEWEST_PATH, `${JSON.stringify(file)}
`];
}

// src/core/trend/state-plan.ts
var json = (value) => `${JSON.stringify(value)}
`;
function leavingCases(off) {
  const shown = off.slice(0, 3).map((c) => JSON.stringify(c.case)).join(", ");
  const more = off.length > 3 ? ` and ${off.length - 3} more` : "";
  return off.length === 1 ? `${shown}, which leaves` : `${off.length} of their cases, ${shown}${more}, which leave`;
}
function takenOffText(suite, run, off) {
  const shapes = [...new Set(off.map((c) => c.shape))].map((s) => JSON.stringify(s)).join(", ");
  return `suite ${JSON.stringify(suite)} at ${run.commit.sha.slice(0, 7)}: this run replaces the points of shape ${shapes} published for this commit before, but not ${leavingCases(off)} the trend at this commit; if another job benched ${off.length === 1 ? "it" : "them"}, give each job its own shape or suite`;
}
function sameRunText(suite, run, earlier, off) {
  const shapes = [...new Set(earlier.flatMap((e) => e.shapes).filter((s) => run.shapes.includes(s)))].map((s) => JSON.stringify(s)).join(", ");
  return `suite ${JSON.stringify(suite)} at ${run.commit.sha.slice(0, 7)}: another job of this workflow run published shape ${shapes} for this commit before (segment ${earlier.map((e) => e.seq).join(", ")}), and this job's points replace its points${off.length > 0 ? `, without ${leavingCases(off)} the trend at this commit` : ""}; two jobs that bench one shape of one suite replace each other's, so give each job its own shape or suite (a matrix: suite: \${{ matrix.os }})`;
}
var EARLIER_RUN_REACH = STATE_POINTS * 2 ** (WALK_ROUNDS - 1);
var commitTime = (timestamp) => Date.parse(timestamp);
async function earlierRunBeyondState(load, manifest, name, since, newest, judged2) {
  const first = suiteStart(manifest.cases, name, judged2.seq);
  if (since <= first || newest === void 0) return void 0;
  const held = new Set(judged2.points.map((p) => p.case));
  const shapes = new Set(judged2.shapes);
  const could = manifest.cases.filter((c) => c.suite === name && shapes.has(c.shape) && !held.has(c.case) && c.firstSeq < since);
  if (could.length === 0) return void 0;
  const [newestRun] = await load(newest, newest + 1);
  const time = commitTime(judged2.commit.timestamp);
  if (newestRun === void 0 || !(time <= commitTime(newestRun.commit.timestamp))) return void 0;
  const sha = judged2.commit.sha;
  const lowest = Math.max(first, judged2.seq - EARLIER_RUN_REACH);
  let from = since;
  let found = [];
  for (let span = STATE_POINTS; from > lowest && found.length === 0; span *= 2) {
    const next = Math.max(lowest, from - span);
    found = (await load(next, from)).filter((s) => s.suite === name && s.commit.sha === sha);
    from = next;
  }
  const short = sha.slice(0, 7);
  if (found.length > 0) {
    const off = casesTakenOff(found, judged2);
    if (off.length === 0) return void 0;
    return `suite ${JSON.stringify(name)} at ${short}: this run re-benches a commit published before (segment ${found.map((s) => s.seq).join(", ")}, older than the newest ${STATE_POINTS} points the publish keeps at hand) and replaces its points of shape ${[...new Set(off.map((c) => c.shape))].map((x) => JSON.stringify(x)).join(", ")}, but not ${leavingCases(off)} the trend at this commit; bench ${off.length === 1 ? "it" : "them"} with this commit again to put ${off.length === 1 ? "it" : "them"} back`;
  }
  return void 0;
}
async function readState(read, location, manifest, suite) {
  const headPath = statePath(suite, "head");
  const text2 = await read(headPath);
  if (text2 === void 0) return void 0;
  const head = parseStateFile(locate(location, headPath), text2, suite, "head", manifest);
  const [from, to] = head.blocks ?? [0, 0];
  const numbers = Array.from({ length: to - from }, (_, i) => from + i);
  const blocks = await Promise.all(
    numbers.map(async (k) => {
      const path = statePath(suite, k);
      const body = await read(path);
      if (body === void 0) throw new TrendDataError(`${locate(location, path)}: missing, but ${locate(location, headPath)} lists blocks ${from} to ${to - 1}; refusing to publish over a damaged regression state`);
      return parseStateFile(locate(location, path), body, suite, k, manifest);
    })
  );
  const state = decodeState(head, blocks);
  for (let i = 1; i < state.entries.length; i++) {
    if (state.entries[i].seq <= state.entries[i - 1].seq) {
      throw new TrendDataError(`${locate(location, headPath)}: the entries of its blocks are not in seq order; the regression state is damaged, refusing to publish over it`);
    }
  }
  return state;
}
async function readTrustedState(read, location, manifest, suite, warnings) {
  try {
    return await readState(read, location, manifest, suite);
  } catch (e) {
    if (!(e instanceof TrendDataError) || e instanceof NewerTrendDataError) throw e;
    warnings.push(`${e.message.replace(/; (?:the regression state is damaged, )?refusing to publish over (?:it|a damaged regression state)$/, "")}: the regression state of suite "${manifest.suites[suite]}" is built again from the chunks`);
    return void 0;
  }
}
async function planRegressionState(read, location, previous, manifest, added, load) {
  const files = /* @__PURE__ */ new Map();
  const removed = [];
  const states = /* @__PURE__ */ new Map();
  const warnings = [];
  const rebenches = /* @__PURE__ */ new Map();
  const suites = [...new Set(added.filter((s) => s.points.length > 0).map((s) => s.suite))];
  for (const name of suites) {
    const suite = manifest.suites.indexOf(name);
    const old = previous !== void 0 && previous.version >= 2 && previous.suites.includes(name) ? await readTrustedState(read, location, previous, suite, warnings) : void 0;
    const appended = old && isCurrent(old, previous) ? append(old, name, manifest, added) : void 0;
    const judged2 = added.filter((s) => s.suite === name && s.imported === void 0 && s.points.length > 0).at(-1);
    if (appended && old && (old.since === 0 || old.entries.length >= REBENCH_LOOKBACK)) rebenches.set(name, false);
    if (appended && old && judged2) {
      const beyond = await earlierRunBeyondState(load, manifest, name, old.since, old.entries.at(-1)?.seq, judged2);
      if (beyond !== void 0) warnings.push(beyond);
    }
    let next = appended;
    if (!next) {
      const walked = await walkSegments(load, manifest, name, manifest.segments, STATE_POINTS);
      if (judged2) {
        const first = suiteStart(manifest.cases, name, judged2.seq);
        const log2 = walked.segments.filter((s) => s.suite === name).map((s) => ({ seq: s.seq, sha: s.commit.sha }));
        const older = rebenchFrom(log2, { seq: judged2.seq, sha: judged2.commit.sha }, walked.from <= first);
        if (older !== void 0) rebenches.set(name, older);
        const off = casesTakenOff(walked.segments, judged2);
        const sibling = sameRunSuperseded(walked.segments, judged2);
        if (sibling.length > 0) warnings.push(sameRunText(name, judged2, sibling, off));
        else if (off.length > 0) warnings.push(takenOffText(name, judged2, off));
        else if (!walked.segments.some((s) => s.seq < judged2.seq && s.suite === name && s.commit.sha === judged2.commit.sha)) {
          const newest = walked.segments.findLast((s) => s.seq < judged2.seq && s.suite === name)?.seq;
          const beyond = await earlierRunBeyondState(load, manifest, name, walked.from, newest, judged2);
          if (beyond !== void 0) warnings.push(beyond);
        }
      }
      next = stateFromSegments(suite, name, manifest, walked.segments, walked.from);
      if (!next) continue;
    }
    next = trim(next, manifest, manifest.segments);
    const encoded = encodeState(next);
    const written = appended && old ? Math.floor((old.first + old.entries.length) / STATE_BLOCK) : -1;
    for (const [k, block] of encoded.blocks) if (k >= written) files.set(statePath(suite, k), json(block));
    files.set(statePath(suite, "head"), json(encoded.head));
    if (old) {
      for (let k = old.first / STATE_BLOCK; k < Math.floor((old.first + old.entries.length) / STATE_BLOCK); k++) {
        if (!encoded.blocks.has(k)) removed.push(statePath(suite, k));
      }
    }
    states.set(name, next);
  }
  return { files, removed, states, warnings, rebenches };
}

// src/core/trend/plan.ts
function storedPoint(p) {
  const { metric: _metric, ...rest } = p;
  return rest;
}
var caseKey3 = (suite, name) => `${suite}\0${name}`;
var json2 = (value) => `${JSON.stringify(value)}
`;
function refuseDuplicateCases(points) {
  const seen = /* @__PURE__ */ new Set();
  for (const p of points) {
    if (seen.has(p.case)) throw new InputError(`case "${p.case}" has two points in this run; one case has one point per commit`);
    seen.add(p.case);
  }
}
function admit(draft, seq, cases, warnings, storedIn) {
  const convertedCases = /* @__PURE__ */ new Map();
  const admitted = draft.points.map((p) => {
    const key2 = caseKey3(draft.suite, p.case);
    const known = cases.get(key2);
    let point = p;
    if (known && known.unit !== p.unit) {
      if (draft.imported) {
        const converted = convertStoredPoint(p, known.unit);
        const unit = (u) => u === "" ? "no unit" : u;
        const said = `${draft.suite} / ${p.case}: the imported history changes unit from ${unit(known.unit)} to ${unit(p.unit)}`;
        if (converted === void 0) warnings.push(`${said} at ${draft.commit.sha.slice(0, 7)}`);
        else {
          if (!warnings.some((w) => w.startsWith(said))) warnings.push(`${said} at ${draft.commit.sha.slice(0, 7)}; its points are converted to ${known.unit}`);
          point = converted;
        }
      } else {
        const converted = convertStoredPoint(p, known.unit);
        if (converted === void 0) {
          throw new InputError(
            `case "${p.case}" of suite "${draft.suite}" is stored in ${JSON.stringify(known.unit)} in ${storedIn} but this run reports ${JSON.stringify(p.unit)}, which does not convert to it; publish it under another suite or case name`
          );
        }
        const pair = `${p.unit}\0${known.unit}`;
        convertedCases.set(pair, [...convertedCases.get(pair) ?? [], p.case]);
        point = converted;
      }
    }
    if (known && known.direction !== point.direction) {
      const word = (d) => `${d}-is-better`;
      if (draft.imported) {
        warnings.push(`${draft.suite} / ${p.case}: the imported history changes direction from ${word(known.direction)} to ${word(point.direction)} at ${draft.commit.sha.slice(0, 7)}`);
      } else {
        throw new InputError(
          `case "${p.case}" of suite "${draft.suite}" is stored as ${word(known.direction)} in ${storedIn} but this run reports it ${word(point.direction)}; set direction-overrides ("${p.case}: ${known.direction}") to keep it, or publish it under another case name`
        );
      }
    }
    cases.set(key2, {
      suite: draft.suite,
      case: p.case,
      shape: p.shape,
      unit: draft.imported && known ? point.unit : known?.unit ?? point.unit,
      direction: point.direction,
      firstSeq: known?.firstSeq ?? seq,
      lastSeq: seq,
      points: (known?.points ?? 0) + 1
    });
    return point;
  });
  for (const [pair, names2] of convertedCases) {
    const [from, to] = pair.split("\0");
    const shown = names2.slice(0, 3).map((n) => `"${n}"`).join(", ");
    const more = names2.length > 3 ? ` and ${names2.length - 3} more` : "";
    warnings.push(`${names2.length === 1 ? "case" : `${names2.length} cases:`} ${shown}${more}: converted from ${from} to ${to}, the unit ${names2.length === 1 ? "its trend is" : "their trends are"} stored in`);
  }
  return admitted;
}
function segmentOf(draft, seq, points) {
  return {
    schema: "benchtrend/segment",
    version: SEGMENT_VERSION,
    seq,
    suite: draft.suite,
    commit: draft.commit,
    ...draft.runUrl !== void 0 ? { runUrl: draft.runUrl } : {},
    publishedAt: draft.publishedAt,
    shapes: [...new Set(points.map((p) => p.shape))],
    points,
    ...draft.imported ? { imported: draft.imported } : {}
  };
}
function importDrafts(from, source, overrides, warnings) {
  const gab = importGab(from, source);
  for (const s of gab.skipped) warnings.push(`${from}: left out ${s}`);
  const decided = decidedBy(overrides);
  for (const c of gab.conflicts) if (!decided(c.case)) warnings.push(`${from}: ${c.text}`);
  for (const r of gab.repeats) warnings.push(`${from}: ${r}`);
  for (const u of gab.unkeyed) warnings.push(`${from}: ${u}`);
  const drafts = gab.entries.map((e) => ({ ...e, ...overrides.length > 0 ? { points: applyDirectionOverrides(e.points, overrides) } : {}, imported: "github-action-benchmark" }));
  return { drafts, suites: gab.suites, points: gab.points };
}
async function knownCommit(read, location, previous, input, warnings) {
  const commit = input.commit;
  if (commit.message !== "" || commit.author !== "" || previous === void 0 || previous.version < 2) return commit;
  const suite = previous.suites.indexOf(input.suite);
  if (suite < 0) return commit;
  let state;
  try {
    state = await readState(read, location, previous, suite);
  } catch (e) {
    if (e instanceof TrendDataError) return commit;
    throw e;
  }
  const entry2 = state?.entries.findLast((e) => e.sha === commit.sha);
  if (entry2 === void 0) return commit;
  const [earlier] = await loadSegments(read, location, entry2.seq, entry2.seq + 1, previous);
  if (earlier === void 0 || earlier.commit.sha !== commit.sha || earlier.commit.message === "" && earlier.commit.author === "") return commit;
  warnings.push(
    `commit ${commit.sha.slice(0, 7)}: this run was told nothing of it but its sha (git here and the API do not have it), so the message, author and time an earlier run of it published (segment ${earlier.seq}) are kept`
  );
  return { ...earlier.commit, ...earlier.commit.url === void 0 && commit.url !== void 0 ? { url: commit.url } : {} };
}
function nearSuite(suites, suite) {
  if (suites.length === 0 || suites.includes(suite)) return void 0;
  const bare2 = (s) => s.toLowerCase().replace(/[\s\p{P}]+/gu, "");
  const digits = (s) => s.replace(/\D+/g, " ").trim();
  const near = (s) => Math.min(s.length, suite.length) >= 6 && Math.abs(s.length - suite.length) <= 2 && digits(s) === digits(suite) && editDistance(s.toLowerCase(), suite.toLowerCase()) <= 2;
  return suites.find((s) => bare2(s) === bare2(suite) || near(s));
}
async function planPublish(read, input) {
  const location = input.location;
  const previous = input.manifest ?? await readManifest(read, location);
  const first = previous?.segments ?? 0;
  const next = previous === void 0 ? [segmentPath(0), chunkPath(0, 0), chunkPath(1, 0), chunkPath(2, 0)] : previous.version < 2 ? [segmentPath(first)] : [chunkPath(0, first)];
  const suiteIndex = previous !== void 0 && previous.version >= 2 ? previous.suites.indexOf(input.suite) : -1;
  if (suiteIndex >= 0) read(statePath(suiteIndex, "head")).catch(() => void 0);
  const newestText = previousNewestText(read, previous);
  const taken = (await Promise.all(next.map(async (path) => await read(path) !== void 0 ? path : void 0))).find((p) => p !== void 0);
  if (taken !== void 0) {
    const why = previous ? `${locate(location, MANIFEST_PATH)} counts ${first} segments` : `there is no ${locate(location, MANIFEST_PATH)}`;
    throw new TrendDataError(`${locate(location, taken)}: already exists but ${why}; refusing to write over existing trend data`);
  }
  const warnings = [];
  const drafts = [];
  const suites = [...previous?.suites ?? []];
  let imported;
  let importedNote = previous?.imported;
  let importedSuites = [];
  if (input.import) {
    if (previous?.imported) {
    } else if (first > 0) {
      warnings.push(
        `import-from ${input.import.from}: not imported, the trend already holds ${first} ${first === 1 ? "segment" : "segments"}; a history is imported only into an empty trend (to import it, publish into an empty data-dir: the trend here stays as it is)`
      );
    } else {
      const gab = importDrafts(input.import.from, await input.import.read(), input.import.directionOverrides ?? [], warnings);
      drafts.push(...gab.drafts);
      suites.push(...gab.suites);
      importedSuites = gab.suites;
      imported = { entries: gab.drafts.length, points: gab.points, suites: gab.suites.length };
      importedNote = { from: input.import.from, entries: gab.drafts.length, at: input.publishedAt };
    }
  }
  if (input.points.length > 0) {
    refuseDuplicateCases(input.points);
    const near = nearSuite(suites, input.suite);
    if (near !== void 0) {
      warnings.push(`suite ${JSON.stringify(input.suite)} is new to this trend, beside ${JSON.stringify(near)}: a new suite starts its own history; if ${JSON.stringify(near)} was meant, publish under that name`);
    } else if (importedSuites.length > 0 && !importedSuites.includes(input.suite)) {
      warnings.push(
        `suite ${JSON.stringify(input.suite)} is none of the suites imported from ${input.import?.from ?? "data.js"} (${importedSuites.map((s) => JSON.stringify(s)).join(", ")}): its points start a history of their own beside them; to continue one, publish under its name (github-action-benchmark's name input, "Benchmark" when it was not set)`
      );
    }
    drafts.push({
      suite: input.suite,
      commit: await knownCommit(read, location, previous, input, warnings),
      publishedAt: input.publishedAt,
      ...input.runUrl !== void 0 ? { runUrl: input.runUrl } : {},
      points: input.points.map(storedPoint)
    });
  }
  if (drafts.length === 0) throw new InputError("nothing to publish: no points, and no history to import");
  const cases = new Map((previous?.cases ?? []).map((c) => [caseKey3(c.suite, c.case), c]));
  const added = drafts.map((d, i) => {
    if (!suites.includes(d.suite)) suites.push(d.suite);
    const storedIn = imported && input.import ? `${input.import.from} (the history this run imports)` : locate(location, MANIFEST_PATH);
    return segmentOf(d, first + i, admit(d, first + i, cases, warnings, storedIn));
  });
  const files = /* @__PURE__ */ new Map();
  const removed = [];
  const cases_ = [...cases.values()];
  await addChunks(read, location, previous, added, { suites, cases: cases_ }, files, removed);
  files.set(...await planNewest(await newestText, location, previous, added, { suites, cases: cases_ }, (from, to) => loadWithAdded(read, location, previous, added, from, to)));
  const page = input.page === void 0 ? void 0 : input.page.version !== previous?.pageVersion ? input.page : await pageTakenOff(input, input.page, warnings);
  if (page && previous === void 0) await refuseForeignPage(read, location, [...page.files.keys()]);
  for (const [path, bytes] of page?.files ?? []) {
    if (path === MANIFEST_PATH || path.startsWith("data/")) throw new Error(`page file ${path} would overwrite trend data`);
    files.set(path, bytes);
  }
  const repository = input.repository ?? previous?.repository;
  const base = {
    schema: "benchtrend/manifest",
    version: TREND_SCHEMA_VERSION,
    pageVersion: page?.version ?? previous?.pageVersion ?? "",
    updated: input.publishedAt,
    ...repository !== void 0 ? { repository } : {},
    segments: first + added.length,
    fanout: ROLLUP_FANOUT,
    suites,
    cases: cases_,
    casesDigest: casesDigest({ suites, cases: cases_ }),
    unitsDigest: unitsDigest({ cases: cases_ }),
    annotations: mergeAnnotations(previous?.annotations ?? [], input.annotations ?? []),
    alerts: previous?.alerts ?? [],
    ...importedNote !== void 0 ? { imported: importedNote } : {}
  };
  const load = (from, to) => loadWithAdded(read, location, previous, added, from, to);
  const state = await planRegressionState(read, location, previous, base, added, load);
  for (const [path, text2] of state.files) files.set(path, text2);
  removed.push(...state.removed);
  warnings.push(...state.warnings);
  const manifest = input.alerts ? { ...base, alerts: await input.alerts({ previous: base.alerts, added, manifest: base, load, states: state.states, rebenches: state.rebenches }) } : base;
  files.set(MANIFEST_PATH, json2(manifest));
  return { files, removed, manifest, previous, added, warnings, ...imported ? { imported } : {} };
}
async function pageTakenOff(input, page, warnings) {
  const exists = input.exists;
  if (exists === void 0) return void 0;
  const names2 = [...page.files.keys()];
  const found = await Promise.all(names2.map((name) => exists(name)));
  const missing = new Map([...page.files].filter((_, i) => !found[i]));
  if (missing.size === 0) return void 0;
  const list = [...missing.keys()].map((name) => locate(input.location, name)).join(", ");
  warnings.push(`${list}: not on the branch, though the trend's chart page is this version; written again, so that the chart loads`);
  return { version: page.version, files: missing };
}
async function refuseForeignPage(read, location, pageFiles) {
  const index = pageFiles.includes("index.html") ? await read("index.html") : void 0;
  if (index === void 0 || /data\.js|BENCHMARK_DATA/.test(index) || await read("data.js") !== void 0) return;
  throw new InputError(
    `${locate(location, "index.html")}: already exists and benchtrend did not write it (the branch's own site?); refusing to write the chart page over it: publish into a folder of its own, like dev/bench (data-dir, or --dir)`
  );
}
async function loadWithAdded(read, location, previous, added, from, to) {
  const first = previous?.segments ?? 0;
  const old = from < first ? await loadSegments(read, location, from, Math.min(to, first), previous) : [];
  return [...old, ...added.slice(Math.max(0, from - first), Math.max(0, to - first))];
}
async function addChunks(read, location, previous, added, manifest, files, removed) {
  const first = previous?.segments ?? 0;
  const carry = previous !== void 0 && previous.version < 2;
  const before = carry ? [] : coverChunks(0, first);
  const after = coverChunks(0, first + added.length);
  const keep = new Set(before.map((c) => chunkPath(c.level, c.index)));
  const now = new Set(after.map((c) => chunkPath(c.level, c.index)));
  const index = indexManifest(manifest);
  const checked = { version: TREND_SCHEMA_VERSION, ...manifest };
  for (const s of added) checkNewSegment(locate(location, chunkPath(0, s.seq)), s);
  for (const c of after) {
    const path = chunkPath(c.level, c.index);
    if (keep.has(path)) continue;
    const segments = await loadWithAdded(read, location, previous, added, c.from, c.to);
    const text2 = json2(encodeChunk(c.level, c.index, segments, index));
    let same;
    try {
      same = chunkReadsAs(locate(location, path), text2, c.level, c.index, c.to - c.from, checked, segments);
    } catch (e) {
      if (!(e instanceof TrendDataError)) throw e;
      refuseWrite(locate(location, path), e.message.replace(`${locate(location, path)}: `, "").replace(/^existing trend data does not match/, "does not match").replace(/; refusing to publish over it$/, ""));
    }
    if (!same) throw new Error(`${locate(location, path)}: the chunk written would not read back as the segments it holds; nothing was published`);
    files.set(path, text2);
  }
  for (const path of keep) if (!now.has(path)) removed.push(path);
  if (carry) removed.push(...FORMAT1_FOLDERS);
}

// src/core/trend/plan-groups.ts
var decoder2 = new TextDecoder();
function overlayReader(read, files) {
  return async (path) => {
    const own = files.get(path);
    if (own === void 0) return read(path);
    return typeof own === "string" ? own : decoder2.decode(own);
  };
}
function describe(group2) {
  return `suite "${group2.suite}" at ${group2.commit.sha.slice(0, 7)}`;
}
async function planGroups(read, shared, groups) {
  const warnings = [];
  let todo = groups.filter((g) => g.points.length > 0);
  if (todo.length === 0) todo = groups.slice(0, 1);
  else for (const g of groups) if (g.points.length === 0) warnings.push(`${describe(g)}: no points, nothing published for it`);
  const files = /* @__PURE__ */ new Map();
  const plans = [];
  const removed = /* @__PURE__ */ new Set();
  for (const [i, group2] of todo.entries()) {
    const { import: gab, ...rest } = shared;
    const exists = rest.exists;
    const plan = await planPublish(overlayReader(read, files), {
      ...rest,
      ...exists !== void 0 ? { exists: async (path) => files.has(path) || await exists(path) } : {},
      ...i === 0 && gab !== void 0 ? { import: gab } : {},
      suite: group2.suite,
      commit: group2.commit,
      points: group2.points,
      ...group2.runUrl !== void 0 ? { runUrl: group2.runUrl } : {},
      ...plans.length > 0 ? { manifest: plans[plans.length - 1].manifest } : {}
    });
    for (const [path, content] of plan.files) files.set(path, content);
    for (const path of plan.removed) if (!files.delete(path)) removed.add(path);
    plans.push(plan);
  }
  const first = plans[0];
  const last = plans[plans.length - 1];
  if (!first || !last) throw new InputError("nothing to publish: no group of points was given");
  return {
    files,
    removed: [...removed],
    manifest: last.manifest,
    previous: first.previous,
    added: plans.flatMap((p) => p.added),
    warnings: [...warnings, ...plans.flatMap((p) => p.warnings)],
    ...first.imported !== void 0 ? { imported: first.imported } : {},
    plans,
    groups: todo
  };
}

// src/effects/gh-pages.ts
import { appendFile, mkdir, mkdtemp as mkdtemp2, rm as rm2, writeFile as writeFile2 } from "node:fs/promises";
import { join as join3 } from "node:path";

// src/effects/bounded.ts
async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}
var FILE_CONCURRENCY = 16;

// src/effects/record-files.ts
import { constants, existsSync } from "node:fs";
import { open, realpath as realpath2 } from "node:fs/promises";
import { isAbsolute as isAbsolute3, posix as posix2, relative as relative2, resolve as resolve4 } from "node:path";

// node_modules/tinyglobby/dist/index.mjs
import { readdir as readdir2, readdirSync, realpath, realpathSync, stat as stat2, statSync } from "fs";
import { isAbsolute as isAbsolute2, posix, resolve as resolve3 } from "path";
import { fileURLToPath } from "url";

// node_modules/fdir/dist/index.mjs
import { createRequire } from "module";
import { basename, dirname, normalize, relative, resolve as resolve2, sep } from "path";
import * as nativeFs from "fs";
var __require = /* @__PURE__ */ createRequire(import.meta.url);
function cleanPath(path) {
  let normalized = normalize(path);
  if (normalized.length > 1 && normalized[normalized.length - 1] === sep) normalized = normalized.substring(0, normalized.length - 1);
  return normalized;
}
var SLASHES_REGEX = /[\\/]/g;
function convertSlashes(path, separator) {
  return path.replace(SLASHES_REGEX, separator);
}
var WINDOWS_ROOT_DIR_REGEX = /^[a-z]:[\\/]$/i;
function isRootDirectory(path) {
  return path === "/" || WINDOWS_ROOT_DIR_REGEX.test(path);
}
function normalizePath(path, options) {
  const { resolvePaths, normalizePath: normalizePath$1, pathSeparator } = options;
  const pathNeedsCleaning = process.platform === "win32" && path.includes("/") || path.startsWith(".");
  if (resolvePaths) path = resolve2(path);
  if (normalizePath$1 || pathNeedsCleaning) path = cleanPath(path);
  if (path === ".") return "";
  const needsSeperator = path[path.length - 1] !== pathSeparator;
  return convertSlashes(needsSeperator ? path + pathSeparator : path, pathSeparator);
}
function joinPathWithBasePath(filename, directoryPath) {
  return directoryPath + filename;
}
function joinPathWithRelativePath(root, options) {
  return function(filename, directoryPath) {
    const sameRoot = directoryPath.startsWith(root);
    if (sameRoot) return directoryPath.slice(root.length) + filename;
    else return convertSlashes(relative(root, directoryPath), options.pathSeparator) + options.pathSeparator + filename;
  };
}
function joinPath(filename) {
  return filename;
}
function joinDirectoryPath(filename, directoryPath, separator) {
  return directoryPath + filename + separator;
}
function build$7(root, options) {
  const { relativePaths, includeBasePath } = options;
  return relativePaths && root ? joinPathWithRelativePath(root, options) : includeBasePath ? joinPathWithBasePath : joinPath;
}
function pushDirectoryWithRelativePath(root) {
  return function(directoryPath, paths) {
    paths.push(directoryPath.substring(root.length) || ".");
  };
}
function pushDirectoryFilterWithRelativePath(root) {
  return function(directoryPath, paths, filters) {
    const relativePath = directoryPath.substring(root.length) || ".";
    if (filters.every((filter) => filter(relativePath, true))) paths.push(relativePath);
  };
}
var pushDirectory = (directoryPath, paths) => {
  paths.push(directoryPath || ".");
};
var pushDirectoryFilter = (directoryPath, paths, filters) => {
  const path = directoryPath || ".";
  if (filters.every((filter) => filter(path, true))) paths.push(path);
};
var empty$2 = () => {
};
function build$6(root, options) {
  const { includeDirs, filters, relativePaths } = options;
  if (!includeDirs) return empty$2;
  if (relativePaths) return filters && filters.length ? pushDirectoryFilterWithRelativePath(root) : pushDirectoryWithRelativePath(root);
  return filters && filters.length ? pushDirectoryFilter : pushDirectory;
}
var pushFileFilterAndCount = (filename, _paths, counts2, filters) => {
  if (filters.every((filter) => filter(filename, false))) counts2.files++;
};
var pushFileFilter = (filename, paths, _counts, filters) => {
  if (filters.every((filter) => filter(filename, false))) paths.push(filename);
};
var pushFileCount = (_filename, _paths, counts2, _filters) => {
  counts2.files++;
};
var pushFile = (filename, paths) => {
  paths.push(filename);
};
var empty$1 = () => {
};
function build$5(options) {
  const { excludeFiles, filters, onlyCounts } = options;
  if (excludeFiles) return empty$1;
  if (filters && filters.length) return onlyCounts ? pushFileFilterAndCount : pushFileFilter;
  else if (onlyCounts) return pushFileCount;
  else return pushFile;
}
var getArray = (paths) => {
  return paths;
};
var getArrayGroup = () => {
  return [""].slice(0, 0);
};
function build$4(options) {
  return options.group ? getArrayGroup : getArray;
}
var groupFiles = (groups, directory, files) => {
  groups.push({
    directory,
    files,
    dir: directory
  });
};
var empty = () => {
};
function build$3(options) {
  return options.group ? groupFiles : empty;
}
var resolveSymlinksAsync = function(path, state, callback$1) {
  const { queue, fs, options: { suppressErrors } } = state;
  queue.enqueue();
  fs.realpath(path, (error, resolvedPath) => {
    if (error) return queue.dequeue(suppressErrors ? null : error, state);
    fs.stat(resolvedPath, (error$1, stat3) => {
      if (error$1) return queue.dequeue(suppressErrors ? null : error$1, state);
      if (stat3.isDirectory() && isRecursive(path, resolvedPath, state)) return queue.dequeue(null, state);
      callback$1(stat3, resolvedPath);
      queue.dequeue(null, state);
    });
  });
};
var resolveSymlinks = function(path, state, callback$1) {
  const { queue, fs, options: { suppressErrors } } = state;
  queue.enqueue();
  try {
    const resolvedPath = fs.realpathSync(path);
    const stat3 = fs.statSync(resolvedPath);
    if (stat3.isDirectory() && isRecursive(path, resolvedPath, state)) return;
    callback$1(stat3, resolvedPath);
  } catch (e) {
    if (!suppressErrors) throw e;
  }
};
function build$2(options, isSynchronous) {
  if (!options.resolveSymlinks || options.excludeSymlinks) return null;
  return isSynchronous ? resolveSymlinks : resolveSymlinksAsync;
}
function isRecursive(path, resolved, state) {
  if (state.options.useRealPaths) return isRecursiveUsingRealPaths(resolved, state);
  let parent = dirname(path);
  let depth = 1;
  while (parent !== state.root && depth < 2) {
    const resolvedPath = state.symlinks.get(parent);
    const isSameRoot = !!resolvedPath && (resolvedPath === resolved || resolvedPath.startsWith(resolved) || resolved.startsWith(resolvedPath));
    if (isSameRoot) depth++;
    else parent = dirname(parent);
  }
  state.symlinks.set(path, resolved);
  return depth > 1;
}
function isRecursiveUsingRealPaths(resolved, state) {
  return state.visited.includes(resolved + state.options.pathSeparator);
}
var onlyCountsSync = (state) => {
  return state.counts;
};
var groupsSync = (state) => {
  return state.groups;
};
var defaultSync = (state) => {
  return state.paths;
};
var limitFilesSync = (state) => {
  return state.paths.slice(0, state.options.maxFiles);
};
var onlyCountsAsync = (state, error, callback$1) => {
  report(error, callback$1, state.counts, state.options.suppressErrors);
  return null;
};
var defaultAsync = (state, error, callback$1) => {
  report(error, callback$1, state.paths, state.options.suppressErrors);
  return null;
};
var limitFilesAsync = (state, error, callback$1) => {
  report(error, callback$1, state.paths.slice(0, state.options.maxFiles), state.options.suppressErrors);
  return null;
};
var groupsAsync = (state, error, callback$1) => {
  report(error, callback$1, state.groups, state.options.suppressErrors);
  return null;
};
function report(error, callback$1, output, suppressErrors) {
  if (error && !suppressErrors) callback$1(error, output);
  else callback$1(null, output);
}
function build$1(options, isSynchronous) {
  const { onlyCounts, group: group2, maxFiles } = options;
  if (onlyCounts) return isSynchronous ? onlyCountsSync : onlyCountsAsync;
  else if (group2) return isSynchronous ? groupsSync : groupsAsync;
  else if (maxFiles) return isSynchronous ? limitFilesSync : limitFilesAsync;
  else return isSynchronous ? defaultSync : defaultAsync;
}
var readdirOpts = { withFileTypes: true };
var walkAsync = (state, crawlPath, directoryPath, currentDepth, callback$1) => {
  state.queue.enqueue();
  if (currentDepth < 0) return state.queue.dequeue(null, state);
  const { fs } = state;
  state.visited.push(crawlPath);
  state.counts.directories++;
  fs.readdir(crawlPath || ".", readdirOpts, (error, entries = []) => {
    callback$1(entries, directoryPath, currentDepth);
    state.queue.dequeue(state.options.suppressErrors ? null : error, state);
  });
};
var walkSync = (state, crawlPath, directoryPath, currentDepth, callback$1) => {
  const { fs } = state;
  if (currentDepth < 0) return;
  state.visited.push(crawlPath);
  state.counts.directories++;
  let entries = [];
  try {
    entries = fs.readdirSync(crawlPath || ".", readdirOpts);
  } catch (e) {
    if (!state.options.suppressErrors) throw e;
  }
  callback$1(entries, directoryPath, currentDepth);
};
function build(isSynchronous) {
  return isSynchronous ? walkSync : walkAsync;
}
var Queue = class {
  count = 0;
  constructor(onQueueEmpty) {
    this.onQueueEmpty = onQueueEmpty;
  }
  enqueue() {
    this.count++;
    return this.count;
  }
  dequeue(error, output) {
    if (this.onQueueEmpty && (--this.count <= 0 || error)) {
      this.onQueueEmpty(error, output);
      if (error) {
        output.controller.abort();
        this.onQueueEmpty = void 0;
      }
    }
  }
};
var Counter = class {
  _files = 0;
  _directories = 0;
  set files(num) {
    this._files = num;
  }
  get files() {
    return this._files;
  }
  set directories(num) {
    this._directories = num;
  }
  get directories() {
    return this._directories;
  }
  /**
  * @deprecated use `directories` instead
  */
  /* c8 ignore next 3 */
  get dirs() {
    return this._directories;
  }
};
var Aborter = class {
  aborted = false;
  abort() {
    this.aborted = true;
  }
};
var Walker = class {
  root;
  isSynchronous;
  state;
  joinPath;
  pushDirectory;
  pushFile;
  getArray;
  groupFiles;
  resolveSymlink;
  walkDirectory;
  callbackInvoker;
  constructor(root, options, callback$1) {
    this.isSynchronous = !callback$1;
    this.callbackInvoker = build$1(options, this.isSynchronous);
    this.root = normalizePath(root, options);
    this.state = {
      root: isRootDirectory(this.root) ? this.root : this.root.slice(0, -1),
      paths: [""].slice(0, 0),
      groups: [],
      counts: new Counter(),
      options,
      queue: new Queue((error, state) => this.callbackInvoker(state, error, callback$1)),
      symlinks: /* @__PURE__ */ new Map(),
      visited: [""].slice(0, 0),
      controller: new Aborter(),
      fs: options.fs || nativeFs
    };
    this.joinPath = build$7(this.root, options);
    this.pushDirectory = build$6(this.root, options);
    this.pushFile = build$5(options);
    this.getArray = build$4(options);
    this.groupFiles = build$3(options);
    this.resolveSymlink = build$2(options, this.isSynchronous);
    this.walkDirectory = build(this.isSynchronous);
  }
  start() {
    this.pushDirectory(this.root, this.state.paths, this.state.options.filters);
    this.walkDirectory(this.state, this.root, this.root, this.state.options.maxDepth, this.walk);
    return this.isSynchronous ? this.callbackInvoker(this.state, null) : null;
  }
  walk = (entries, directoryPath, depth) => {
    const { paths, options: { filters, resolveSymlinks: resolveSymlinks$1, excludeSymlinks, exclude, maxFiles, signal, useRealPaths, pathSeparator }, controller } = this.state;
    if (controller.aborted || signal && signal.aborted || maxFiles && paths.length > maxFiles) return;
    const files = this.getArray(this.state.paths);
    for (let i = 0; i < entries.length; ++i) {
      const entry2 = entries[i];
      if (entry2.isFile() || entry2.isSymbolicLink() && !resolveSymlinks$1 && !excludeSymlinks) {
        const filename = this.joinPath(entry2.name, directoryPath);
        this.pushFile(filename, files, this.state.counts, filters);
      } else if (entry2.isDirectory()) {
        let path = joinDirectoryPath(entry2.name, directoryPath, this.state.options.pathSeparator);
        if (exclude && exclude(entry2.name, path)) continue;
        this.pushDirectory(path, paths, filters);
        this.walkDirectory(this.state, path, path, depth - 1, this.walk);
      } else if (this.resolveSymlink && entry2.isSymbolicLink()) {
        let path = joinPathWithBasePath(entry2.name, directoryPath);
        this.resolveSymlink(path, this.state, (stat3, resolvedPath) => {
          if (stat3.isDirectory()) {
            resolvedPath = normalizePath(resolvedPath, this.state.options);
            if (exclude && exclude(entry2.name, useRealPaths ? resolvedPath : path + pathSeparator)) return;
            this.walkDirectory(this.state, resolvedPath, useRealPaths ? resolvedPath : path + pathSeparator, depth - 1, this.walk);
          } else {
            resolvedPath = useRealPaths ? resolvedPath : path;
            const filename = basename(resolvedPath);
            const directoryPath$1 = normalizePath(dirname(resolvedPath), this.state.options);
            resolvedPath = this.joinPath(filename, directoryPath$1);
            this.pushFile(resolvedPath, files, this.state.counts, filters);
          }
        });
      }
    }
    this.groupFiles(this.state.groups, directoryPath, files);
  };
};
function promise(root, options) {
  return new Promise((resolve$1, reject) => {
    callback(root, options, (err, output) => {
      if (err) return reject(err);
      resolve$1(output);
    });
  });
}
function callback(root, options, callback$1) {
  let walker = new Walker(root, options, callback$1);
  walker.start();
}
function sync(root, options) {
  const walker = new Walker(root, options);
  return walker.start();
}
var APIBuilder = class {
  constructor(root, options) {
    this.root = root;
    this.options = options;
  }
  withPromise() {
    return promise(this.root, this.options);
  }
  withCallback(cb) {
    callback(this.root, this.options, cb);
  }
  sync() {
    return sync(this.root, this.options);
  }
};
var pm = null;
try {
  __require.resolve("picomatch");
  pm = __require("picomatch");
} catch {
}
var Builder = class {
  globCache = {};
  options = {
    maxDepth: Infinity,
    suppressErrors: true,
    pathSeparator: sep,
    filters: []
  };
  globFunction;
  constructor(options) {
    this.options = {
      ...this.options,
      ...options
    };
    this.globFunction = this.options.globFunction;
  }
  group() {
    this.options.group = true;
    return this;
  }
  withPathSeparator(separator) {
    this.options.pathSeparator = separator;
    return this;
  }
  withBasePath() {
    this.options.includeBasePath = true;
    return this;
  }
  withRelativePaths() {
    this.options.relativePaths = true;
    return this;
  }
  withDirs() {
    this.options.includeDirs = true;
    return this;
  }
  withMaxDepth(depth) {
    this.options.maxDepth = depth;
    return this;
  }
  withMaxFiles(limit) {
    this.options.maxFiles = limit;
    return this;
  }
  withFullPaths() {
    this.options.resolvePaths = true;
    this.options.includeBasePath = true;
    return this;
  }
  withErrors() {
    this.options.suppressErrors = false;
    return this;
  }
  withSymlinks({ resolvePaths = true } = {}) {
    this.options.resolveSymlinks = true;
    this.options.useRealPaths = resolvePaths;
    return this.withFullPaths();
  }
  withAbortSignal(signal) {
    this.options.signal = signal;
    return this;
  }
  normalize() {
    this.options.normalizePath = true;
    return this;
  }
  filter(predicate) {
    this.options.filters.push(predicate);
    return this;
  }
  onlyDirs() {
    this.options.excludeFiles = true;
    this.options.includeDirs = true;
    return this;
  }
  exclude(predicate) {
    this.options.exclude = predicate;
    return this;
  }
  onlyCounts() {
    this.options.onlyCounts = true;
    return this;
  }
  crawl(root) {
    return new APIBuilder(root || ".", this.options);
  }
  withGlobFunction(fn) {
    this.globFunction = fn;
    return this;
  }
  /**
  * @deprecated Pass options using the constructor instead:
  * ```ts
  * new fdir(options).crawl("/path/to/root");
  * ```
  * This method will be removed in v7.0
  */
  /* c8 ignore next 4 */
  crawlWithOptions(root, options) {
    this.options = {
      ...this.options,
      ...options
    };
    return new APIBuilder(root || ".", this.options);
  }
  glob(...patterns) {
    if (this.globFunction) return this.globWithOptions(patterns);
    return this.globWithOptions(patterns, ...[{ dot: true }]);
  }
  globWithOptions(patterns, ...options) {
    const globFn = this.globFunction || pm;
    if (!globFn) throw new Error("Please specify a glob function to use glob matching.");
    var isMatch = this.globCache[patterns.join("\0")];
    if (!isMatch) {
      isMatch = globFn(patterns, ...options);
      this.globCache[patterns.join("\0")] = isMatch;
    }
    this.options.filters.push((path) => isMatch(path));
    return this;
  }
};

// node_modules/tinyglobby/dist/index.mjs
var import_picomatch = __toESM(require_picomatch2(), 1);
var isReadonlyArray = Array.isArray;
var BACKSLASHES = /\\/g;
var DRIVE_RELATIVE_PATH = /^[A-Za-z]:$/;
var isWin = process.platform === "win32";
var ONLY_PARENT_DIRECTORIES = /^(\/?\.\.)+$/;
function getPartialMatcher(patterns, options = {}) {
  const patternsCount = patterns.length;
  const patternsParts = Array(patternsCount);
  const matchers = Array(patternsCount);
  let i, j;
  for (i = 0; i < patternsCount; i++) {
    const parts = splitPattern(patterns[i]);
    patternsParts[i] = parts;
    const partsCount = parts.length;
    const partMatchers = Array(partsCount);
    for (j = 0; j < partsCount; j++) partMatchers[j] = (0, import_picomatch.default)(parts[j], options);
    matchers[i] = partMatchers;
  }
  return (input) => {
    const inputParts = input.split("/");
    if (inputParts[0] === ".." && ONLY_PARENT_DIRECTORIES.test(input)) return true;
    for (i = 0; i < patternsCount; i++) {
      const patternParts = patternsParts[i];
      const matcher = matchers[i];
      const inputPatternCount = inputParts.length;
      const minParts = Math.min(inputPatternCount, patternParts.length);
      j = 0;
      while (j < minParts) {
        const part = patternParts[j];
        if (part.includes("/")) return true;
        if (!matcher[j](inputParts[j])) break;
        if (!options.noglobstar && part === "**") return true;
        j++;
      }
      if (j === inputPatternCount) return true;
    }
    return false;
  };
}
var WIN32_ROOT_DIR = /^[A-Z]:\/$/i;
var isRoot = isWin ? (p) => WIN32_ROOT_DIR.test(p) : (p) => p === "/";
function buildFormat(cwd, root, absolute) {
  if (cwd === root || root.startsWith(`${cwd}/`)) {
    if (absolute) {
      const start = cwd.length + +!isRoot(cwd);
      return (p, isDir) => p.slice(start, isDir ? -1 : void 0) || ".";
    }
    const prefix = root.slice(cwd.length + 1);
    if (prefix) return (p, isDir) => {
      if (p === ".") return prefix;
      const result = `${prefix}/${p}`;
      return isDir ? result.slice(0, -1) : result;
    };
    return (p, isDir) => isDir && p !== "." ? p.slice(0, -1) : p;
  }
  if (absolute) return (p) => posix.relative(cwd, p) || ".";
  return (p) => posix.relative(cwd, `${root}/${p}`) || ".";
}
function buildRelative(cwd, root) {
  if (root.startsWith(`${cwd}/`)) {
    const prefix = root.slice(cwd.length + 1);
    return (p) => `${prefix}/${p}`;
  }
  return (p) => {
    const result = posix.relative(cwd, `${root}/${p}`);
    return p[p.length - 1] === "/" && result !== "" ? `${result}/` : result || ".";
  };
}
function ensureNonDriveRelativePath(path) {
  return path.replace(DRIVE_RELATIVE_PATH, (match) => `${match}/`);
}
var splitPatternOptions = { parts: true };
function splitPattern(path) {
  var _result$parts;
  const result = import_picomatch.default.scan(path, splitPatternOptions);
  return ((_result$parts = result.parts) === null || _result$parts === void 0 ? void 0 : _result$parts.length) ? result.parts : [path];
}
var POSIX_UNESCAPED_GLOB_SYMBOLS = /(?<!\\)([()[\]{}*?|]|^!|[!+@](?=\()|\\(?![()[\]{}!*+?@|]))/g;
var WIN32_UNESCAPED_GLOB_SYMBOLS = /(?<!\\)([()[\]{}]|^!|[!+@](?=\())/g;
var escapePosixPath = (path) => path.replace(POSIX_UNESCAPED_GLOB_SYMBOLS, "\\$&");
var escapeWin32Path = (path) => path.replace(WIN32_UNESCAPED_GLOB_SYMBOLS, "\\$&");
var escapePath = isWin ? escapeWin32Path : escapePosixPath;
function isDynamicPattern(pattern, options) {
  if ((options === null || options === void 0 ? void 0 : options.caseSensitiveMatch) === false) return true;
  const scan = import_picomatch.default.scan(pattern);
  return scan.isGlob || scan.negated;
}
function log(...tasks) {
  console.log(`[tinyglobby ${(/* @__PURE__ */ new Date()).toLocaleTimeString("es")}]`, ...tasks);
}
function ensureStringArray(value) {
  return typeof value === "string" ? [value] : value !== null && value !== void 0 ? value : [];
}
var PARENT_DIRECTORY = /^(\/?\.\.)+/;
var ESCAPING_BACKSLASHES = /\\(?=[()[\]{}!*+?@|])/g;
function normalizePattern(pattern, opts, props, isIgnore) {
  var _PARENT_DIRECTORY$exe;
  const cwd = opts.cwd;
  let result = pattern;
  if (pattern[pattern.length - 1] === "/") result = pattern.slice(0, -1);
  if (result[result.length - 1] !== "*" && opts.expandDirectories) result += "/**";
  const escapedCwd = escapePath(cwd);
  result = isAbsolute2(result.replace(ESCAPING_BACKSLASHES, "")) ? posix.relative(escapedCwd, result) : posix.normalize(result);
  const parentDir = (_PARENT_DIRECTORY$exe = PARENT_DIRECTORY.exec(result)) === null || _PARENT_DIRECTORY$exe === void 0 ? void 0 : _PARENT_DIRECTORY$exe[0];
  const parts = splitPattern(result);
  if (parentDir) {
    const n = (parentDir.length + 1) / 3;
    let i = 0;
    const cwdParts = escapedCwd.split("/");
    while (i < n && parts[i + n] === cwdParts[cwdParts.length + i - n]) {
      result = result.slice(0, (n - i - 1) * 3) + result.slice((n - i) * 3 + parts[i + n].length + 1) || ".";
      i++;
    }
    const potentialRoot = posix.join(cwd, parentDir.slice(i * 3));
    if (potentialRoot[0] !== "." && props.root.length > potentialRoot.length) {
      props.root = ensureNonDriveRelativePath(potentialRoot);
      props.depthOffset = -n + i;
    }
  }
  if (!isIgnore && props.depthOffset >= 0) {
    var _props$commonPath;
    (_props$commonPath = props.commonPath) !== null && _props$commonPath !== void 0 || (props.commonPath = parts);
    const newCommonPath = [];
    const length = Math.min(props.commonPath.length, parts.length);
    for (let i = 0; i < length; i++) {
      const part = parts[i];
      if (part === "**" && !parts[i + 1]) {
        newCommonPath.pop();
        break;
      }
      if (i === parts.length - 1 || part !== props.commonPath[i] || isDynamicPattern(part)) break;
      newCommonPath.push(part);
    }
    props.depthOffset = newCommonPath.length;
    props.commonPath = newCommonPath;
    props.root = ensureNonDriveRelativePath(newCommonPath.length > 0 ? posix.join(cwd, ...newCommonPath) : cwd);
  }
  return result;
}
function processPatterns(options, patterns, props) {
  const matchPatterns = [];
  const ignorePatterns = [];
  for (const pattern of options.ignore) {
    if (!pattern) continue;
    if (pattern[0] !== "!" || pattern[1] === "(") ignorePatterns.push(normalizePattern(pattern, options, props, true));
  }
  for (const pattern of patterns) {
    if (!pattern) continue;
    if (pattern[0] !== "!" || pattern[1] === "(") matchPatterns.push(normalizePattern(pattern, options, props, false));
    else if (pattern[1] !== "!" || pattern[2] === "(") ignorePatterns.push(normalizePattern(pattern.slice(1), options, props, true));
  }
  return {
    match: matchPatterns,
    ignore: ignorePatterns
  };
}
function buildCrawler(options, patterns) {
  const cwd = options.cwd;
  const props = {
    root: cwd,
    depthOffset: 0
  };
  const processed = processPatterns(options, patterns, props);
  if (options.debug) log("internal processing patterns:", processed);
  const { absolute, caseSensitiveMatch, debug: debug2, dot, followSymbolicLinks, onlyDirectories } = options;
  const root = props.root.replace(BACKSLASHES, "");
  const matchOptions = {
    dot,
    nobrace: options.braceExpansion === false,
    nocase: !caseSensitiveMatch,
    noextglob: options.extglob === false,
    noglobstar: options.globstar === false,
    posix: true
  };
  const matcher = (0, import_picomatch.default)(processed.match, matchOptions);
  const ignore = (0, import_picomatch.default)(processed.ignore, matchOptions);
  const partialMatcher = getPartialMatcher(processed.match, matchOptions);
  const format = buildFormat(cwd, root, absolute);
  const excludeFormatter = absolute ? format : buildFormat(cwd, root, true);
  const excludePredicate = (_, p) => {
    const relativePath = excludeFormatter(p, true);
    return relativePath !== "." && !partialMatcher(relativePath) || ignore(relativePath);
  };
  let maxDepth;
  if (options.deep !== void 0) maxDepth = Math.round(options.deep - props.depthOffset);
  const crawler = new Builder({
    filters: [debug2 ? (p, isDirectory) => {
      const path = format(p, isDirectory);
      const matches = matcher(path) && !ignore(path);
      if (matches) log(`matched ${path}`);
      return matches;
    } : (p, isDirectory) => {
      const path = format(p, isDirectory);
      return matcher(path) && !ignore(path);
    }],
    exclude: debug2 ? (_, p) => {
      const skipped = excludePredicate(_, p);
      log(`${skipped ? "skipped" : "crawling"} ${p}`);
      return skipped;
    } : excludePredicate,
    fs: options.fs,
    pathSeparator: "/",
    relativePaths: !absolute,
    resolvePaths: absolute,
    includeBasePath: absolute,
    resolveSymlinks: followSymbolicLinks,
    excludeSymlinks: !followSymbolicLinks,
    excludeFiles: onlyDirectories,
    includeDirs: onlyDirectories || !options.onlyFiles,
    maxDepth,
    signal: options.signal
  }).crawl(root);
  if (options.debug) log("internal properties:", {
    ...props,
    root
  });
  return [crawler, cwd !== root && !absolute && buildRelative(cwd, root)];
}
function formatPaths(paths, mapper) {
  if (mapper) for (let i = paths.length - 1; i >= 0; i--) paths[i] = mapper(paths[i]);
  return paths;
}
var defaultOptions = {
  caseSensitiveMatch: true,
  debug: !!process.env.TINYGLOBBY_DEBUG,
  expandDirectories: true,
  followSymbolicLinks: true,
  onlyFiles: true
};
function getOptions(options) {
  const opts = Object.assign({}, options);
  for (const key2 in defaultOptions) if (opts[key2] === void 0) Object.assign(opts, { [key2]: defaultOptions[key2] });
  opts.cwd = (opts.cwd instanceof URL ? fileURLToPath(opts.cwd) : resolve3(opts.cwd || process.cwd())).replace(BACKSLASHES, "/");
  opts.ignore = ensureStringArray(opts.ignore);
  opts.fs && (opts.fs = {
    readdir: opts.fs.readdir || readdir2,
    readdirSync: opts.fs.readdirSync || readdirSync,
    realpath: opts.fs.realpath || realpath,
    realpathSync: opts.fs.realpathSync || realpathSync,
    stat: opts.fs.stat || stat2,
    statSync: opts.fs.statSync || statSync
  });
  if (opts.debug) log("globbing with options:", opts);
  return opts;
}
function getCrawler(globInput, inputOptions = {}) {
  var _ref;
  if (globInput && (inputOptions === null || inputOptions === void 0 ? void 0 : inputOptions.patterns)) throw new Error("Cannot pass patterns as both an argument and an option");
  const isModern = isReadonlyArray(globInput) || typeof globInput === "string";
  const patterns = ensureStringArray((_ref = isModern ? globInput : globInput.patterns) !== null && _ref !== void 0 ? _ref : "**/*");
  const options = getOptions(isModern ? inputOptions : globInput);
  return patterns.length > 0 ? buildCrawler(options, patterns) : [];
}
async function glob(globInput, options) {
  const [crawler, relative4] = getCrawler(globInput, options);
  return crawler ? formatPaths(await crawler.withPromise(), relative4) : [];
}

// src/formats/format.ts
function shapeOf2(options, format) {
  return options.shape ?? format;
}

// src/formats/json-fields.ts
function child(path, key2) {
  if (typeof key2 === "number") return `${path}[${key2}]`;
  const safe = /^[A-Za-z_$][\w$]*$/.test(key2) ? key2 : JSON.stringify(key2);
  return path === "" ? safe : /^[A-Za-z_$]/.test(safe) ? `${path}.${safe}` : `${path}[${safe}]`;
}
function where(path) {
  return path === "" ? "the top level" : path;
}
function isObject2(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function isFiniteNumber(v) {
  return typeof v === "number" && Number.isFinite(v);
}
function isNonFinite(v) {
  return typeof v === "string" && v.startsWith(NON_FINITE);
}
function expectObject(file, v, path, what = "an object") {
  if (!isObject2(v)) throw new InputError(`${file}: ${where(path)} must be ${what}, got ${describeValue(v)}`);
  return v;
}
function expectArray(file, v, path, what = "an array") {
  if (!Array.isArray(v)) throw new InputError(`${file}: ${where(path)} must be ${what}, got ${describeValue(v)}`);
  return v;
}
function expectNumber(file, v, path, what = "a number") {
  if (!isFiniteNumber(v)) throw new InputError(`${file}: ${where(path)} must be ${what}, got ${describeValue(v)}`);
  return v;
}
function expectString(file, v, path, what = "a string") {
  if (typeof v !== "string" || isNonFinite(v) || v.trim() === "") {
    throw new InputError(`${file}: ${where(path)} must be ${what}, got ${describeValue(v)}`);
  }
  return v;
}
function optionalNumber(file, obj2, key2, path) {
  const v = obj2[key2];
  if (v === void 0 || v === null) return void 0;
  return expectNumber(file, v, child(path, key2));
}
function notFormat(file, format, expected, got) {
  return new InputError(`${file}: not ${format} output: expected ${expected}, got ${describeValue(got)}`);
}

// src/formats/json-text.ts
var TOKENS = /"(?:[^"\\]|\\.)*"|(-?(?:inf(?:inity)?|nan))(?![\w$])/gi;
function relaxedParse(text2) {
  const relaxed = text2.replace(TOKENS, (m, bare2) => bare2 ? JSON.stringify(NON_FINITE + bare2) : m);
  return JSON.parse(relaxed);
}
var peekedText;
var peekedValue;
function parseJsonText(file, text2) {
  if (text2 === peekedText && peekedValue !== void 0) return peekedValue;
  try {
    return JSON.parse(text2);
  } catch {
    try {
      return relaxedParse(text2);
    } catch {
      const hint2 = syntaxProblem(text2);
      throw new InputError(`${file}: not JSON (${hint2}); a bench interrupted while writing leaves exactly this`);
    }
  }
}
function peekJson(text2) {
  if (text2 === peekedText) return peekedValue;
  let value;
  const start = text2.trimStart()[0];
  if (start === "{" || start === "[") {
    try {
      value = JSON.parse(text2);
    } catch {
      try {
        value = relaxedParse(text2);
      } catch {
        value = void 0;
      }
    }
  }
  peekedText = text2;
  peekedValue = value;
  return value;
}

// src/formats/metrics.ts
var MAX_SAMPLES = 1e3;
function withOptional(spec) {
  return {
    ...spec.extra !== void 0 && spec.extra !== "" ? { extra: spec.extra } : {},
    ...spec.failed ? { failed: spec.failed } : {}
  };
}
function summaryOfValues(values) {
  const s = spread(values);
  return {
    value: clean(s.median),
    lo: clean(s.q1),
    hi: clean(s.q3),
    ...s.stdev !== null ? { stdev: clean(s.stdev) } : {},
    samples: values.length
  };
}
function sampledMetric(spec, values) {
  const reported2 = values.filter((v) => v !== null);
  if (reported2.length > MAX_SAMPLES) {
    return { name: spec.name, unit: spec.unit, direction: spec.direction, samples: [], summary: summaryOfValues(reported2), allSamples: [...values], ...withOptional(spec) };
  }
  return { name: spec.name, unit: spec.unit, direction: spec.direction, samples: [...values], ...withOptional(spec) };
}
function summaryMetric(spec, summary) {
  return { name: spec.name, unit: spec.unit, direction: spec.direction, samples: [], summary, ...withOptional(spec) };
}
function barOfRange(value, range) {
  const m = /^\s*(?:±|\+-|\+\/-)?\s*(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*(%)?\s*$/.exec(String(range));
  if (!m) return void 0;
  const x = Number(m[1]);
  const delta = m[2] ? Math.abs(value) * x / 100 : x;
  return { lo: clean(value - delta), hi: clean(value + delta) };
}
function makeRecord(parts) {
  if (parts.metrics.length === 0) throw new InputError(`${parts.file}: no benchmark result found; expected ${parts.expected}`);
  const seen = /* @__PURE__ */ new Set();
  for (const m of parts.metrics) {
    if (seen.has(m.name)) throw new InputError(`${parts.file}: the benchmark "${m.name}" appears twice; one case cannot hold two results`);
    seen.add(m.name);
  }
  const runs2 = parts.runs ?? parts.metrics.reduce((n, m) => Math.max(n, m.samples.length), 0);
  const metrics = parts.metrics.map(
    (m) => m.samples.length === 0 || m.samples.length === runs2 ? m : { ...m, samples: [...m.samples, ...new Array(Math.max(0, runs2 - m.samples.length)).fill(null)] }
  );
  return {
    file: parts.file,
    format: parts.format,
    shape: parts.shape,
    runs: runs2,
    metrics,
    ...parts.claimedMedians && Object.keys(parts.claimedMedians).length ? { claimedMedians: parts.claimedMedians } : {},
    ...parts.notes && parts.notes.length ? { notes: parts.notes } : {},
    ...parts.arm ? { arm: parts.arm } : {},
    ...parts.controls ? { controls: parts.controls } : {}
  };
}
var Readings = class {
  constructor(file, direction) {
    this.file = file;
    this.direction = direction;
  }
  file;
  direction;
  // Per benchmark: its first reading whole, then only the values. A reading in another unit is
  // kept whole too, for its conversion and message. A million go lines as Reading objects cost
  // hundreds of MB (issue #15).
  groups = /* @__PURE__ */ new Map();
  add(reading) {
    const group2 = this.groups.get(reading.name);
    if (!group2) {
      this.groups.set(reading.name, { first: reading, values: [reading.value] });
      return;
    }
    if (reading.unit !== group2.first.unit) (group2.odd ??= /* @__PURE__ */ new Map()).set(group2.values.length, reading);
    group2.values.push(reading.value);
  }
  has(name) {
    return this.groups.has(name);
  }
  get size() {
    return this.groups.size;
  }
  metrics() {
    const out = [];
    for (const [name, { first, values: raw, odd }] of this.groups) {
      const unit = first.unit;
      const spec = { name, unit, direction: this.direction(unit, name), ...first.extra !== void 0 ? { extra: first.extra } : {} };
      if (raw.length === 1 && first.spread) {
        out.push(summaryMetric(spec, { value: first.value, ...roundSpread(first.spread) }));
        continue;
      }
      const values = !odd ? raw : raw.map((value, i) => {
        const r = odd.get(i);
        if (!r) return value;
        return inOneUnit([{ value, unit: r.unit, where: `${this.file}: ${r.at ?? `line ${r.line}`}: "${name}" is in ${r.unit} but its first result is in ${unit}` }], unit)[0];
      });
      out.push(sampledMetric(spec, values));
    }
    return out;
  }
};
function roundSpread(s) {
  return {
    ...s,
    ...s.lo !== void 0 ? { lo: clean(s.lo) } : {},
    ...s.hi !== void 0 ? { hi: clean(s.hi) } : {},
    ...s.stdev !== void 0 ? { stdev: clean(s.stdev) } : {}
  };
}

// src/formats/benchmarkdotnet.ts
var EXPECTED = 'an object with a "Benchmarks" array (BenchmarkDotNet JSON exporter)';
var benchmarkdotnet = {
  name: "benchmarkdotnet",
  description: "BenchmarkDotNet JSON exporter output, in ns; OriginalValues become runs, allocations per op their own case",
  detect: (text2) => {
    const v = peekJson(text2);
    if (!isObject2(v) || !Array.isArray(v["Benchmarks"])) return false;
    const first = v["Benchmarks"][0];
    return isObject2(first) && ("FullName" in first || "Statistics" in first);
  },
  parse: (file, text2, options) => {
    const data = parseJsonText(file, text2);
    if (!isObject2(data) || !Array.isArray(data["Benchmarks"])) throw notFormat(file, "BenchmarkDotNet", EXPECTED, data);
    const entries = expectArray(file, data["Benchmarks"], "Benchmarks").map((raw, i) => {
      const path = child("Benchmarks", i);
      const b = expectObject(file, raw, path);
      return { b, path, name: expectString(file, b["FullName"], child(path, "FullName"), "the benchmark name") };
    });
    const count = /* @__PURE__ */ new Map();
    for (const e of entries) count.set(e.name, (count.get(e.name) ?? 0) + 1);
    const notes = [];
    const metrics = [];
    for (const { b, path, name: full } of entries) {
      const job = typeof b["DisplayInfo"] === "string" ? b["DisplayInfo"].split(": ").pop() : void 0;
      const name = (count.get(full) ?? 0) > 1 && job ? `${full} [${job}]` : full;
      const spec = { name, unit: "ns", direction: "smaller" };
      const stats = b["Statistics"];
      if (stats === null || stats === void 0) {
        notes.push(`${name}: no statistics (the benchmark did not run); counted as failed`);
        metrics.push({ ...spec, samples: [], failed: 1 });
        continue;
      }
      const sp = child(path, "Statistics");
      const s = expectObject(file, stats, sp);
      const original = s["OriginalValues"];
      if (Array.isArray(original) && original.length > 0) {
        metrics.push(sampledMetric(spec, original.map((v, i) => expectNumber(file, v, child(child(sp, "OriginalValues"), i), "a time in ns"))));
      } else {
        const num = (key2) => expectNumber(file, s[key2], child(sp, key2), "a time in ns");
        const sd = s["StandardDeviation"];
        metrics.push(
          summaryMetric(spec, {
            value: num("Median"),
            lo: num("Q1"),
            hi: num("Q3"),
            ...isFiniteNumber(sd) ? { stdev: sd, range: `\xB1 ${sd}` } : {},
            ...isFiniteNumber(s["N"]) ? { samples: s["N"] } : {}
          })
        );
      }
      const memory = b["Memory"];
      if (isObject2(memory) && memory["BytesAllocatedPerOperation"] !== void 0 && memory["BytesAllocatedPerOperation"] !== null) {
        const bytes = expectNumber(file, memory["BytesAllocatedPerOperation"], child(child(path, "Memory"), "BytesAllocatedPerOperation"), "a number of bytes");
        metrics.push(summaryMetric({ name: `${name} - B/op`, unit: "B/op", direction: "smaller" }, { value: bytes }));
      }
    }
    return [makeRecord({ file, format: "benchmarkdotnet", shape: shapeOf2(options, "benchmarkdotnet"), metrics, notes, expected: EXPECTED })];
  }
};

// src/formats/text-lines.ts
function numberedLines(text2) {
  return text2.split(/\r?\n/).map((t, i) => ({ text: t, line: i + 1 }));
}
function numberAt(file, line, text2, what) {
  const x = Number(text2.replace(/,/g, ""));
  if (text2.trim() === "" || !Number.isFinite(x)) {
    throw new InputError(`${file}: line ${line}: ${what} must be a number, got ${JSON.stringify(text2)}`);
  }
  return x;
}
function lineError(file, line, message) {
  return new InputError(`${file}: line ${line}: ${message}`);
}

// src/formats/benchmarkjs.ts
var REST = /^ x ([0-9][0-9,.]*)\s+(\S+)\s+((?:±|\+-)[^%]+%) \((\d+) runs? sampled\)\s*$/;
var EXPECTED2 = "benchmark.js lines like `fib(20) x 11,465 ops/sec \xB11.12% (91 runs sampled)`";
var ERROR_FIELD = "(?:code|errno|syscall|path|dest|address|port|info|generatedMessage|actual|expected|operator)";
var THREW = new RegExp(`^(.+?): (${ERROR_FIELD}: [^,]*(?:,${ERROR_FIELD}: [^,]*)*)$|^(.+): $`);
var THREW_MAX = 4096;
var THREW_VALUE = /^(.+?): (.*\S.*)$/;
var THREW_VALUE_MAX = 512;
var THREW_VALUES_IN_A_ROW = 10;
var benchmarkjs = {
  name: "benchmarkjs",
  description: "benchmark.js console output: `NAME x N ops/sec \xB1R% (S runs sampled)`",
  detect: (text2) => /^.+ x [0-9][0-9,.]* \S+ (?:±|\+-)[^%]+% \(\d+ runs? sampled\)/m.test(text2),
  parse: (file, text2, options) => {
    const readings = new Readings(file, (unit) => directionFor(unit, "bigger"));
    const failed = /* @__PURE__ */ new Map();
    const notes = [];
    const lines = numberedLines(text2);
    const kinds = lines.map(({ text: line }) => {
      const idx = line.lastIndexOf(" x ");
      if (idx > 0 && REST.test(line.slice(idx))) return "result";
      if (line.length <= THREW_MAX && THREW.test(line)) return "threw";
      return line.length <= THREW_VALUE_MAX && THREW_VALUE.test(line) ? "value" : "other";
    });
    const isCycle = (k) => k === "result" || k === "threw";
    const above = [];
    const below = [];
    for (let i = 0, last = false; i < kinds.length; i++) {
      above.push(last);
      if (kinds[i] !== "value") last = isCycle(kinds[i]);
    }
    for (let i = kinds.length - 1, last = false; i >= 0; i--) {
      below[i] = last;
      if (kinds[i] !== "value") last = isCycle(kinds[i]);
    }
    const cycleLineAt = (i, step) => (step < 0 ? above[i] : below[i]) === true;
    const valueNames = /* @__PURE__ */ new Map();
    const inARow = [];
    for (const [i, { text: line }] of lines.entries()) {
      if (kinds[i] !== "value") continue;
      const name = THREW_VALUE.exec(line)[1];
      valueNames.set(name, (valueNames.get(name) ?? 0) + 1);
      inARow[i] = (inARow[i - 1] ?? 0) + 1;
    }
    for (let i = kinds.length - 2; i >= 0; i--) if (inARow[i] !== void 0 && inARow[i + 1] !== void 0) inARow[i] = inARow[i + 1];
    for (const [i, { text: line, line: n }] of lines.entries()) {
      const idx = line.lastIndexOf(" x ");
      const m = idx <= 0 ? null : REST.exec(line.slice(idx));
      if (!m) {
        if (idx > 0 && /runs? sampled\)\s*$/.test(line)) throw lineError(file, n, `expected \`NAME x VALUE UNIT \xB1R% (S runs sampled)\`, got ${JSON.stringify(line.trim())}`);
        const threw = kinds[i] === "threw" ? THREW.exec(line) : null;
        if (threw) {
          const who = threw[1] ?? threw[3];
          const error = threw[2] ?? "";
          notes.push(`${who}: benchmark.js reports the benchmark threw${error === "" ? "" : ` (${error})`}; counted as failed`);
          failed.set(who, (failed.get(who) ?? 0) + 1);
        }
        const thrown = kinds[i] === "value" ? THREW_VALUE.exec(line) : null;
        const name = thrown?.[1];
        if (thrown && name !== void 0 && valueNames.get(name) === 1 && (inARow[i] ?? 0) <= THREW_VALUES_IN_A_ROW) {
          if (cycleLineAt(i, -1) && cycleLineAt(i, 1)) {
            notes.push(
              `line ${n}: ${JSON.stringify(line)} between two results is not read: if benchmark "${name}" threw a string or a number (which benchmark.js prints as \`NAME: value\`), it is not counted; throw an Error to have it counted as failed`
            );
          }
        }
        continue;
      }
      const value = numberAt(file, n, m[1], "the rate");
      const range = m[3];
      const samples = Number(m[4]);
      readings.add({
        name: line.slice(0, idx),
        value,
        unit: m[2],
        line: n,
        spread: { range, samples, ...barOfRange(value, range.replace("+-", "\xB1")) ?? {} },
        extra: `${samples} samples`
      });
    }
    const metrics = readings.metrics().map((m) => {
      const count = failed.get(m.name);
      return count === void 0 ? m : { ...m, failed: count };
    });
    for (const [name, count] of failed) {
      if (!readings.has(name)) metrics.push({ name, unit: "ops/sec", direction: "bigger", samples: [], failed: count });
    }
    return [makeRecord({ file, format: "benchmarkjs", shape: shapeOf2(options, "benchmarkjs"), metrics, notes, expected: EXPECTED2 })];
  }
};

// src/formats/benchmarkluau.ts
var LINE2 = /^SUCCESS:\s+(.+?)\s+:\s+(-?(?:[0-9][0-9.]*|nan|inf))\s*([a-zµμ]+)\s+\+\/-\s+(-?(?:[0-9][0-9.]*|nan|inf))%\s+on\s+(\S+)/;
var EXPECTED3 = "Luau bench lines like `SUCCESS: base64 : 15.041ms +/- 0.636% on luau`";
var FAILED = /^FAILED:\s+'(.+)' on '(.+)'\s*$/;
var benchmarkluau = {
  name: "benchmarkluau",
  description: "Luau bench runner output: `SUCCESS: NAME : 15.041ms +/- 0.636% on luau`",
  detect: (text2) => /^SUCCESS:\s+\S.*:\s+[0-9.]+\s*[a-zµμ]+\s+\+\/-\s+[0-9.]+%/m.test(text2),
  parse: (file, text2, options) => {
    const readings = new Readings(file, () => "smaller");
    const notes = [];
    for (const { text: line, line: n } of numberedLines(text2)) {
      const failed = FAILED.exec(line);
      if (failed) notes.push(`line ${n}: Luau's bench runner reports ${failed[1]} failed on ${failed[2]}; it has no result`);
      if (!line.startsWith("SUCCESS")) continue;
      const m = LINE2.exec(line);
      if (!m) throw lineError(file, n, `expected \`SUCCESS: NAME : VALUEms +/- P% on DRIVER\`, got ${JSON.stringify(line.trim())}`);
      const unit = m[3];
      const finite = (text3, what) => {
        if (/^-?(?:nan|inf)$/.test(text3)) throw lineError(file, n, `${what} must be a finite number, got ${JSON.stringify(text3)}`);
        return numberAt(file, n, text3, what);
      };
      const time = finite(m[2], "the time");
      let value;
      try {
        value = convertUnit(time, unit, "ms");
      } catch {
        throw lineError(file, n, `the time's unit ${JSON.stringify(unit)} is not a time`);
      }
      const pct = finite(m[4], "the deviation");
      readings.add({
        name: m[1],
        value,
        unit: "ms",
        line: n,
        // Luau's ± is the standard deviation in percent of the mean.
        spread: { stdev: value * pct / 100, lo: value - value * pct / 100, hi: value + value * pct / 100, range: `\xB1${m[4]}%` },
        extra: m[5]
      });
    }
    return [makeRecord({ file, format: "benchmarkluau", shape: shapeOf2(options, "benchmarkluau"), metrics: readings.metrics(), notes, expected: EXPECTED3 })];
  }
};

// src/formats/cargo.ts
var BENCH_LINE = /^test (.+?)\s+\.\.\. bench:\s+([0-9][0-9,.]*) (\S+) \(\+\/- ([0-9][0-9,.]*)\)\s*$/;
var BENCH_INTENT = /^test .+ \.\.\. bench:/;
var BENCHER_EXPECTED = "lines like `test NAME ... bench: 1,234 ns/iter (+/- 56)`";
function readBencherLines(file, text2, readings) {
  for (const { text: line, line: n } of numberedLines(text2)) {
    const m = BENCH_LINE.exec(line);
    if (!m) {
      if (BENCH_INTENT.test(line)) throw lineError(file, n, `expected \`test NAME ... bench: VALUE UNIT (+/- DEVIATION)\`, got ${JSON.stringify(line.trim())}`);
      continue;
    }
    const value = numberAt(file, n, m[2], "the bench value");
    const dev = numberAt(file, n, m[4], "the deviation");
    readings.add({
      name: m[1].trim(),
      value,
      unit: m[3],
      line: n,
      // libtest prints max - min of its samples as `+/-`; drawn as the bar it reads as.
      spread: { range: `\xB1 ${m[4].replace(/,/g, "")}`, lo: value - dev, hi: value + dev }
    });
  }
}
function hasBencherLine(text2) {
  return /^test .+ \.\.\. bench:\s+[0-9]/m.test(text2);
}
var cargo = {
  name: "cargo",
  description: "cargo bench (libtest) output: `test NAME ... bench: N ns/iter (+/- D)`",
  detect: hasBencherLine,
  parse: (file, text2, options) => {
    const readings = new Readings(file, (unit) => directionFor(unit, "smaller"));
    readBencherLines(file, text2, readings);
    return [makeRecord({ file, format: "cargo", shape: shapeOf2(options, "cargo"), metrics: readings.metrics(), expected: BENCHER_EXPECTED })];
  }
};

// src/formats/catch2.ts
var HEADER = /^benchmark name\s+samples\s+iterations\s+(?:estimated|est run time|mean\s*$)/;
var NO_ANALYSIS = /\smean\s*$/;
var DURATION = "(\\d+(?:\\.\\d+)?(?:e[-+]\\d+)?) (ns|us|\xB5s|ms|s|m)";
var START = new RegExp(`(\\d+) +(\\d+) +${DURATION}\\s*$`);
var VALUES = new RegExp(`^\\s+${DURATION} +${DURATION} +${DURATION}`);
var EXPECTED4 = "Catch2 benchmark tables (a `benchmark name  samples  iterations  estimated` header and its rows)";
var FAILED2 = /^(.*?)\s*Benchmark failed \((.*)\)\s*$/;
var MAX_NAME_ROWS = 16;
function ns(m, i) {
  const unit = m[i + 1];
  return convertUnit(Number(m[i]), unit === "m" ? "min" : unit, "ns");
}
function joinWrapped(parts, width) {
  let name = parts[0];
  for (let i = 1; i < parts.length; i++) {
    const prev = parts[i - 1];
    const part = parts[i];
    if (prev.length === width && prev.endsWith("-")) name = name.slice(0, -1) + part;
    else if (/[\])}>.,:;*+\-=&/\\]$/.test(prev) || /^[[({<|]/.test(part)) name += part;
    else name += ` ${part}`;
  }
  return name;
}
var XML_ROOT = /<(?:Catch|Catch2TestRun)[\s>]/;
var CONSOLE_HEADER = /^benchmark name[ \t]+samples[ \t]+iterations[ \t]+(?:estimated|est run time|mean[ \t]*\r?$)/m;
var XML_ATTRS = '((?:\\s+[\\w:-]+="[^"]*")*)\\s*';
var XML_BENCHMARK = new RegExp(`<BenchmarkResults${XML_ATTRS}(/?)>([\\s\\S]*?)(?:</BenchmarkResults>|(?=<BenchmarkResults\\b)|$)`, "g");
function xmlAttributes(tag) {
  const attrs = /* @__PURE__ */ new Map();
  for (const m of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    attrs.set(
      m[1],
      m[2].replace(
        /&(lt|gt|quot|apos|amp|#x[0-9a-fA-F]+|#\d+);/g,
        (_, e) => e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : e === "apos" ? "'" : e === "amp" ? "&" : String.fromCodePoint(e.startsWith("#x") ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      )
    );
  }
  return attrs;
}
function parseXml(file, text2, shape) {
  const readings = new Readings(file, () => "smaller");
  const failed = [];
  const notes = [];
  let counted = 0;
  let lineNo = 1;
  const lineAt = (index) => {
    for (let k = text2.indexOf("\n", counted); k !== -1 && k < index; k = text2.indexOf("\n", k + 1)) lineNo++;
    counted = Math.max(counted, index);
    return lineNo;
  };
  for (const m of text2.matchAll(XML_BENCHMARK)) {
    const line = lineAt(m.index);
    const attrs = xmlAttributes(m[1]);
    const name = attrs.get("name");
    if (name === void 0 || name.trim() === "") throw lineError(file, line, "a <BenchmarkResults> element without its name attribute");
    const body = m[3];
    const failure = new RegExp(`<failed${XML_ATTRS}/?>`).exec(body);
    if (failure) {
      notes.push(`${name}: Catch2 reports the benchmark failed (${xmlAttributes(failure[1]).get("message") ?? "no message"}); counted as failed`);
      failed.push({ name, unit: "ns", direction: "smaller", samples: [], failed: 1 });
      continue;
    }
    const number = (element, attr) => {
      const el = new RegExp(`<${element}${XML_ATTRS}/?>`).exec(body);
      const raw = el ? xmlAttributes(el[1]).get(attr) : void 0;
      const x = raw === void 0 || raw.trim() === "" ? NaN : Number(raw);
      if (!Number.isFinite(x)) {
        throw lineError(file, line, `benchmark "${name}": <${element} ${attr}> must be a number of ns, got ${raw === void 0 ? "nothing" : JSON.stringify(raw)}`);
      }
      return x;
    };
    const samples = attrs.get("samples") ?? "";
    const stdev = number("standardDeviation", "value");
    readings.add({
      name,
      value: number("mean", "value"),
      unit: "ns",
      line,
      spread: { lo: number("mean", "lowerBound"), hi: number("mean", "upperBound"), stdev, range: `\xB1 ${stdev}`, .../^\d+$/.test(samples) ? { samples: Number(samples) } : {} },
      extra: `${samples} samples
${attrs.get("iterations") ?? ""} iterations`
    });
  }
  return [makeRecord({ file, format: "catch2", shape, metrics: [...readings.metrics(), ...failed], notes, expected: EXPECTED_XML })];
}
var EXPECTED_XML = "Catch2 XML reporter output (-r xml) with <BenchmarkResults> elements";
var catch2 = {
  name: "catch2",
  description: "Catch2 v2/v3 console benchmark tables or XML reporter output (mean, interval and std dev, kept in ns)",
  detect: (text2) => CONSOLE_HEADER.test(text2) || XML_ROOT.test(text2) && /<BenchmarkResults\b/.test(text2),
  parse: (file, text2, options) => {
    if (XML_ROOT.test(text2) && !CONSOLE_HEADER.test(text2)) return parseXml(file, text2, shapeOf2(options, "catch2"));
    const lines = numberedLines(text2);
    const readings = new Readings(file, () => "smaller");
    const failed = [];
    const notes = [];
    const fail = (name, error) => {
      notes.push(`${name}: Catch2 reports the benchmark failed (${error}); counted as failed`);
      failed.push({ name, unit: "ns", direction: "smaller", samples: [], failed: 1 });
      found++;
    };
    let found = 0;
    let i = 0;
    const next = () => lines[i++];
    while (i < lines.length) {
      const header2 = next();
      if (!header2 || !HEADER.test(header2.text)) continue;
      for (; ; ) {
        const l = next();
        if (!l) throw lineError(file, lines.length, "the benchmark table header is not followed by its `-----` separator");
        if (/^-+$/.test(l.text)) break;
      }
      const noAnalysis = NO_ANALYSIS.test(header2.text);
      const width = header2.text.indexOf("samples") - (noAnalysis ? 7 : 2);
      found = 0;
      for (; ; ) {
        const first = next();
        if (!first || first.text.trim() === "") break;
        const parts = [];
        let startLine = first;
        let start = START.exec(first.text);
        let broke = null;
        while (!start) {
          broke = FAILED2.exec(startLine.text);
          if (broke) break;
          parts.push(startLine.text.trim());
          const row = next();
          if (!row || row.text.trim() === "" || parts.length >= MAX_NAME_ROWS) {
            throw lineError(file, first.line, `expected a benchmark row (\`NAME  SAMPLES  ITERATIONS  ESTIMATED\`) in the table of line ${header2.line}, got ${JSON.stringify(first.text.trim())}`);
          }
          startLine = row;
          start = START.exec(row.text);
        }
        if (broke || !start) {
          const own = broke && broke.index + broke[1].length > width + 2 ? startLine.text.slice(0, width + 2) : broke?.[1] ?? "";
          fail(joinWrapped([...parts, own.trim()].filter((p) => p !== ""), width), broke?.[2] ?? "");
          continue;
        }
        parts.push(startLine.text.slice(0, start.index).trim());
        const name = joinWrapped(parts, width);
        if (noAnalysis) {
          readings.add({
            name,
            value: ns(start, 3),
            unit: "ns",
            line: startLine.line,
            spread: { samples: Number(start[1]) },
            extra: `${start[1]} samples
${start[2]} iterations`
          });
          found++;
          continue;
        }
        const meanLine = next();
        const thrown = meanLine ? FAILED2.exec(meanLine.text) : null;
        if (thrown && thrown[1] === "") {
          fail(name, thrown[2]);
          const after = lines[i];
          if (after && after.text.trim() !== "" && !/: FAILED:\s*$/.test(after.text) && !/^[-=.~]+\s*$/.test(after.text)) continue;
          break;
        }
        const mean2 = meanLine ? VALUES.exec(meanLine.text) : null;
        if (!mean2) throw lineError(file, meanLine?.line ?? startLine.line + 1, `expected the mean line (\`MEAN UNIT LOW UNIT HIGH UNIT\`) of benchmark "${name}"`);
        const sdLine = next();
        const sd = sdLine ? VALUES.exec(sdLine.text) : null;
        if (!sd) throw lineError(file, sdLine?.line ?? startLine.line + 2, `expected the std dev line (\`SD UNIT LOW UNIT HIGH UNIT\`) of benchmark "${name}"`);
        const blank = next();
        if (blank && blank.text.trim() !== "") throw lineError(file, blank.line, `expected an empty line after the std dev of benchmark "${name}"`);
        const stdev = ns(sd, 1);
        readings.add({
          name,
          value: ns(mean2, 1),
          unit: "ns",
          line: startLine.line,
          spread: { lo: ns(mean2, 3), hi: ns(mean2, 5), stdev, range: `\xB1 ${stdev}`, samples: Number(start[1]) },
          extra: `${start[1]} samples
${start[2]} iterations`
        });
        found++;
      }
      if (found === 0) throw lineError(file, header2.line, "a benchmark table with no benchmark row; the Catch2 output may be mangled");
    }
    return [makeRecord({ file, format: "catch2", shape: shapeOf2(options, "catch2"), metrics: [...readings.metrics(), ...failed], notes, expected: EXPECTED4 })];
  }
};

// src/formats/criterion.ts
var EXPECTED5 = "criterion output: `NAME time: [LOW EST HIGH]` lines, bencher lines (`test NAME ... bench: N ns/iter (+/- D)`), or cargo-criterion JSON messages";
var ESTIMATE = /^(.*?)\s*(time|thrpt):\s+\[\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*\]\s*$/;
var CHANGE = /^\s*(?:time|thrpt):\s+\[\s*\S+%\s+\S+%\s+\S+%\s*\]/;
var JSON_MESSAGE = /^\s*\{.*"reason"\s*:\s*"benchmark-complete"/;
var BITS = { "b/s": 1, "Kb/s": 1e3, "Mb/s": 1e6, "Gb/s": 1e9 };
function canonical(unit) {
  if (BITS[unit] !== void 0) return "bit/s";
  const u = parseUnit(unit);
  if (u.kind === "time") return "ns";
  if (u.perSeconds !== void 0) return u.kind === "bytes" ? "B/s" : `${u.noun}/s`;
  return unit;
}
function convertOrRefuse(file, line, value, from, to) {
  const bits2 = BITS[from];
  if (bits2 !== void 0 && to === "bit/s") return clean(value * bits2);
  try {
    return convertUnit(value, from, to);
  } catch (e) {
    throw lineError(file, line, e instanceof Error ? e.message : String(e));
  }
}
function readEstimates(file, text2, readings) {
  let above = "";
  let analyzing = "";
  let name = "";
  for (const { text: line, line: n } of numberedLines(text2)) {
    const m = ESTIMATE.exec(line);
    if (!m) {
      if (CHANGE.test(line)) {
        above = line;
        continue;
      }
      if (/\b(time|thrpt):\s+\[/.test(line)) throw lineError(file, n, `expected \`time: [LOW UNIT EST UNIT HIGH UNIT]\`, got ${JSON.stringify(line.trim())}`);
      const b = /^Benchmarking (.+): Analyzing\s*$/.exec(line);
      if (b) analyzing = b[1].trim();
      above = line;
      continue;
    }
    const kind = m[2];
    if (kind === "time") {
      const own = m[1].trim();
      const wrapped2 = /^\S/.test(above) && !/^Benchmarking /.test(above) ? above.trim() : "";
      name = own || wrapped2 || analyzing;
    }
    above = line;
    if (name === "") throw lineError(file, n, "a criterion estimate with no benchmark name before it");
    const target = canonical(m[6]);
    const [lo, est, hi] = [3, 5, 7].map((i) => convertOrRefuse(file, n, numberAt(file, n, m[i], "the estimate"), m[i + 1], target));
    readings.add({
      name: kind === "thrpt" ? `${name} - thrpt` : name,
      value: est,
      unit: target,
      line: n,
      spread: { lo, hi, range: `[${m.slice(3, 9).join(" ")}]` }
    });
  }
}
function readJsonMessages(file, text2) {
  const metrics = [];
  for (const { text: line, line: n } of numberedLines(text2)) {
    if (!JSON_MESSAGE.test(line)) continue;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch (e) {
      throw lineError(file, n, `the cargo-criterion message is not JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    const where2 = `line ${n}`;
    const o = expectObject(file, msg, where2);
    const name = expectString(file, o["id"], child(where2, "id"), "the benchmark id");
    const unit = expectString(file, o["unit"], child(where2, "unit"), "a time unit");
    const values = expectArray(file, o["measured_values"], child(where2, "measured_values"));
    const counts2 = expectArray(file, o["iteration_count"], child(where2, "iteration_count"));
    if (values.length !== counts2.length) {
      throw lineError(file, n, `measured_values has ${values.length} entries but iteration_count ${counts2.length}; each sample needs its count`);
    }
    const perIteration = values.map((v, i) => {
      const total = expectNumber(file, v, child(child(where2, "measured_values"), i));
      const iters = expectNumber(file, counts2[i], child(child(where2, "iteration_count"), i));
      if (iters <= 0) throw lineError(file, n, `iteration_count[${i}] must be positive, got ${iters}`);
      return convertOrRefuse(file, n, clean(total / iters), unit, "ns");
    });
    const spec = { name, unit: "ns", direction: "smaller" };
    if (perIteration.length > 0) {
      metrics.push(sampledMetric(spec, perIteration));
      continue;
    }
    const typical = expectObject(file, o["typical"], child(where2, "typical"));
    const tu = expectString(file, typical["unit"], child(child(where2, "typical"), "unit"));
    const est = expectNumber(file, typical["estimate"], child(child(where2, "typical"), "estimate"));
    const lo = typical["lower_bound"];
    const hi = typical["upper_bound"];
    metrics.push(
      summaryMetric(spec, {
        value: convertOrRefuse(file, n, est, tu, "ns"),
        ...typeof lo === "number" ? { lo: convertOrRefuse(file, n, lo, tu, "ns") } : {},
        ...typeof hi === "number" ? { hi: convertOrRefuse(file, n, hi, tu, "ns") } : {}
      })
    );
  }
  return metrics;
}
var CRITERION_MARKS = /Criterion\.rs|cargo-criterion|Gnuplot not found|^Benchmarking .+: (?:Warming up|Collecting|Analyzing)|Warning: Unable to complete \d+ samples/m;
var criterion = {
  name: "criterion",
  description: "Criterion.rs output: its `time: [low est high]` report, bencher lines, or cargo-criterion JSON messages",
  detect: (text2) => text2.split(/\r?\n/).some((l) => JSON_MESSAGE.test(l)) || /^.*\btime:\s+\[\S+ \S+ \S+ \S+ \S+ \S+\]/m.test(text2) || hasBencherLine(text2) && CRITERION_MARKS.test(text2),
  parse: (file, text2, options) => {
    const messages = readJsonMessages(file, text2);
    const estimates = new Readings(file, (unit) => directionFor(unit, "smaller"));
    readEstimates(file, text2, estimates);
    if (estimates.size === 0 && messages.length === 0 && hasBencherLine(text2)) return cargo.parse(file, text2, options);
    const readings = new Readings(file, (unit) => directionFor(unit, "smaller"));
    readBencherLines(file, text2, readings);
    readEstimates(file, text2, readings);
    const metrics = [...readings.metrics(), ...messages];
    return [makeRecord({ file, format: "criterion", shape: shapeOf2(options, "criterion"), metrics, expected: EXPECTED5 })];
  }
};

// src/formats/custom.ts
var EXPECTED6 = 'a JSON array of {"name", "unit", "value"} entries (github-action-benchmark custom format)';
function looksCustom(text2) {
  const v = peekJson(text2);
  return Array.isArray(v) && v.length > 0 && v.every((e) => isObject2(e) && typeof e["name"] === "string" && typeof e["unit"] === "string" && "value" in e);
}
function placeOf2(name, shape, format) {
  const cut = name.indexOf(" / ");
  if (shape !== void 0 || cut <= 0) return { shape: shape ?? format, name };
  return { shape: name.slice(0, cut), name: name.slice(cut + 3) };
}
function parseCustom(file, text2, format, declared, options) {
  const data = parseJsonText(file, text2);
  if (!Array.isArray(data)) throw notFormat(file, format, EXPECTED6, data);
  const entries = expectArray(file, data, "", EXPECTED6);
  const notes = /* @__PURE__ */ new Map();
  const byShape2 = /* @__PURE__ */ new Map();
  const readingsOf = (shape) => {
    let readings = byShape2.get(shape);
    if (!readings) {
      readings = new Readings(file, (unit, name) => {
        const unitSays = directionOfUnit(unit);
        const named = caseName(shape, name);
        if (unitSays !== void 0 && unitSays !== declared && !notes.has(named) && !options.decided?.(named)) {
          notes.set(named, `${named}: its unit ${JSON.stringify(unit)} says ${unitSays} is better, ${format} says ${declared}; the unit is used (set direction-overrides to choose)`);
        }
        return unitSays ?? declared;
      });
      byShape2.set(shape, readings);
    }
    return readings;
  };
  const split = namesInSeveralMetrics2(entries);
  entries.forEach((raw, i) => {
    const path = child("", i);
    const e = expectObject(file, raw, path, 'an object with "name", "unit" and "value"');
    const name = expectString(file, e["name"], child(path, "name"), "a non-empty name");
    const unit = e["unit"];
    if (typeof unit !== "string") throw new InputError(`${file}: ${child(path, "unit")} must be a string, got ${describeValue(unit)}`);
    const value = expectNumber(file, e["value"], child(path, "value"));
    const range = e["range"];
    if (range !== void 0 && typeof range !== "string" && typeof range !== "number") {
      throw new InputError(`${file}: ${child(path, "range")} must be text such as "\xB1 0.12", got ${describeValue(range)}`);
    }
    const extra = extraText(e["extra"]);
    const bar = range === void 0 ? void 0 : barOfRange(value, range);
    const place = placeOf2(split.has(name) ? `${name} - ${unit}` : name, options.shape, format);
    readingsOf(place.shape).add({
      name: place.name,
      value,
      unit,
      line: i + 1,
      at: path,
      spread: { ...range !== void 0 ? { range: String(range) } : {}, ...bar ?? {} },
      ...extra !== void 0 ? { extra } : {}
    });
  });
  const shapes = [...byShape2].map(([shape, readings]) => ({ shape, metrics: readings.metrics() }));
  return { shapes, notes: [...notes.values()] };
}
function namesInSeveralMetrics2(entries) {
  const first = /* @__PURE__ */ new Map();
  const several = /* @__PURE__ */ new Set();
  for (const e of entries) {
    if (!isObject2(e) || typeof e["name"] !== "string" || typeof e["unit"] !== "string") continue;
    const unit = first.get(e["name"]);
    if (unit === void 0) first.set(e["name"], e["unit"]);
    else if (!canConvert(e["unit"], unit)) several.add(e["name"]);
  }
  return several;
}
function customFormat(name, direction, description) {
  return {
    name,
    description,
    parse: (file, text2, options) => {
      const { shapes, notes } = parseCustom(file, text2, name, direction, options);
      if (shapes.length === 0) return [makeRecord({ file, format: name, shape: shapeOf2(options, name), metrics: [], notes, expected: EXPECTED6 })];
      return shapes.map(({ shape, metrics }, i) => makeRecord({ file, format: name, shape, metrics, ...i === 0 ? { notes } : {}, expected: EXPECTED6 }));
    }
  };
}
var customBiggerIsBetter = {
  ...customFormat(
    "customBiggerIsBetter",
    "bigger",
    'github-action-benchmark custom JSON array, bigger is better (auto picks it only for a file whose name says "bigger")'
  ),
  // The array does not say its direction; a file named for it (customBiggerIsBetter_output.json,
  // bigger-is-better.json) is the only hint auto can honour.
  detect: (text2, file) => looksCustom(text2) && /bigger/i.test((file ?? "").split(/[\\/]/).pop() ?? "")
};
var customSmallerIsBetter = {
  ...customFormat("customSmallerIsBetter", "smaller", "github-action-benchmark custom JSON array of {name, unit, value, range, extra}, smaller is better"),
  detect: (text2) => looksCustom(text2),
  autoNote: "read as customSmallerIsBetter: a custom JSON array does not say which way is better; set format: customBiggerIsBetter if bigger is"
};

// src/formats/dl-timing-json.ts
var MARK = "dl-timing-json:";
var EXPECTED7 = 'lines like `dl-timing-json: {"total": 2.2, "stages": [{"stage": "attach", "seconds": 1.4, "outcome": "ok"}]}`';
function readRun(file, json3, n) {
  let data;
  try {
    data = JSON.parse(json3);
  } catch (e) {
    throw lineError(file, n, `the dl-timing-json line is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const where2 = `${file}: line ${n}`;
  const o = expectObject(where2, data, "", 'a JSON object after "dl-timing-json:"');
  const stages = /* @__PURE__ */ new Map();
  expectArray(where2, o["stages"] ?? [], "stages", "an array of stages").forEach((raw, i) => {
    const sp = child("stages", i);
    const s = expectObject(where2, raw, sp, "a stage object");
    const name = expectString(where2, s["stage"], child(sp, "stage"), "the stage name");
    if (name === "total") throw lineError(file, n, `a stage is named "total", which is the name of the in-process total's case`);
    if (stages.has(name)) throw lineError(file, n, `the stage "${name}" appears twice in one run`);
    const outcome = s["outcome"] ?? "ok";
    const ok = outcome === "ok";
    const seconds2 = s["seconds"] === null || s["seconds"] === void 0 ? void 0 : expectNumber(where2, s["seconds"], child(sp, "seconds"), "a number of seconds");
    if (seconds2 !== void 0 && seconds2 < 0) throw lineError(file, n, `stage "${name}" has negative seconds (${seconds2})`);
    if (ok && seconds2 === void 0) throw lineError(file, n, `stage "${name}" is ok but has no seconds`);
    stages.set(name, { ...seconds2 !== void 0 ? { seconds: seconds2 } : {}, ok });
  });
  const total = o["total"] === null || o["total"] === void 0 ? void 0 : expectNumber(where2, o["total"], "total", "a number of seconds");
  return { ...total !== void 0 ? { total } : {}, stages };
}
var dlTimingJson = {
  name: "dl-timing-json",
  description: "`dl-timing-json: {...}` lines, one per run: stages and the in-process total in seconds, failed stages counted",
  detect: (text2) => /dl-timing-json:\s*\{/.test(text2),
  parse: (file, text2, options) => {
    const runs2 = [];
    for (const { text: line, line: n } of numberedLines(text2)) {
      const at = line.indexOf(MARK);
      if (at < 0) continue;
      runs2.push(readRun(file, line.slice(at + MARK.length).trim(), n));
    }
    if (runs2.length === 0) throw new InputError(`${file}: no dl-timing-json line found; expected ${EXPECTED7}`);
    const names2 = [];
    for (const r of runs2) for (const name of r.stages.keys()) if (!names2.includes(name)) names2.push(name);
    const notes = [];
    const metrics = names2.map((name) => {
      const failed = runs2.filter((r) => r.stages.get(name)?.ok === false).length;
      if (failed > 0) notes.push(`stage "${name}" failed in ${failed} of ${runs2.length} runs; those runs are left out of its median`);
      return sampledMetric(
        { name, unit: "s", direction: "smaller", failed },
        runs2.map((r) => {
          const s = r.stages.get(name);
          return s && s.ok && s.seconds !== void 0 ? s.seconds : null;
        })
      );
    });
    if (runs2.some((r) => r.total !== void 0)) {
      metrics.push(sampledMetric({ name: "total", unit: "s", direction: "smaller" }, runs2.map((r) => r.total ?? null)));
    }
    return [makeRecord({ file, format: "dl-timing-json", shape: shapeOf2(options, "dl-timing-json"), metrics, runs: runs2.length, notes, expected: EXPECTED7 })];
  }
};

// src/formats/go.ts
var RESULT = /^(Benchmark\S*?)(-\d+)?\s+(\d+)\s+(\S.*?)\s*$/;
var EXPECTED8 = "go test -bench lines like `BenchmarkFib10-8   5000000   325 ns/op`";
function eachLine(text2, visit) {
  let n = 1;
  for (let i = 0; i <= text2.length; n++) {
    let j = text2.indexOf("\n", i);
    if (j < 0) j = text2.length;
    visit(j > i && text2.charCodeAt(j - 1) === 13 ? text2.slice(i, j - 1) : text2.slice(i, j), n);
    i = j + 1;
  }
}
function readLines(file, text2, visit) {
  let pkg = "";
  eachLine(text2, (line, n) => {
    const p = /^pkg:\s+(\S+)/.exec(line);
    if (p) {
      pkg = p[1];
      return;
    }
    const m = RESULT.exec(line);
    if (!m) return;
    const fields = m[4].split(/\s+/);
    if (/^[-+]?(?:NaN|Inf)/i.test(fields[0])) {
      throw lineError(file, n, `the value of ${fields[1] ?? "the benchmark"} must be a finite number, got ${JSON.stringify(fields[0])}`);
    }
    if (fields.length % 2 !== 0 || !/^[-+]?[0-9.]/.test(fields[0])) {
      if (fields.length % 2 === 0 && /\/op$/.test(fields[1])) numberAt(file, n, fields[0], `the value of ${fields[1]}`);
      if (/^[-+]?[0-9.]/.test(fields[0])) {
        throw lineError(file, n, `expected <value> <unit> pairs after the iteration count, got ${JSON.stringify(m[4])}`);
      }
      return;
    }
    const pairs = [];
    for (let i = 0; i < fields.length; i += 2) {
      const plain = Number(fields[i]);
      pairs.push([Number.isFinite(plain) ? plain : numberAt(file, n, fields[i], `the value of ${fields[i + 1]}`), fields[i + 1]]);
    }
    const procs = m[2] !== void 0 ? m[2].slice(1) : void 0;
    visit({ pkg, name: m[1], line: n, iterations: m[3], ...procs !== void 0 ? { procs } : {}, pairs });
  });
}
function namesPackage(name, pkg) {
  if (name.includes(pkg)) return true;
  const parts = pkg.split("/").filter((s) => s !== "");
  if (name.includes(parts.join("_"))) return true;
  for (let k = 2; k <= parts.length; k++) {
    if (name.endsWith(`_${parts.slice(-k).join("_")}`)) return true;
  }
  return false;
}
var go = {
  name: "go",
  description: "go test -bench output, with -benchmem and b.ReportMetric extras as their own cases; -count repeats become runs",
  detect: (text2) => /^Benchmark\S*\s+\d+\s+[-+]?[0-9.]+(?:e[-+]?\d+)?\s+\S+/m.test(text2),
  parse: (file, text2, options) => {
    const packages = /* @__PURE__ */ new Set();
    const procsOf = /* @__PURE__ */ new Map();
    readLines(file, text2, (l) => {
      packages.add(l.pkg);
      const key2 = `${l.pkg}\0${l.name}`;
      let procs = procsOf.get(key2);
      if (procs === void 0) procsOf.set(key2, procs = /* @__PURE__ */ new Set());
      procs.add(l.procs ?? "");
    });
    const several = packages.size > 1 || options?.goPackageSuffix === true;
    const readings = new Readings(file, (unit) => directionFor(unit, "smaller"));
    const bases = /* @__PURE__ */ new Map();
    const names2 = /* @__PURE__ */ new Map();
    const extraName = (name, unit) => {
      const key2 = `${name}\0${unit}`;
      let n = names2.get(key2);
      if (n === void 0) names2.set(key2, n = `${name} - ${unit}`);
      return n;
    };
    readLines(file, text2, (l) => {
      const key2 = `${l.pkg}\0${l.name}`;
      const perProcs = (procsOf.get(key2)?.size ?? 0) > 1;
      const baseKey = perProcs ? `${key2}\0${l.procs ?? ""}` : key2;
      let base = bases.get(baseKey);
      if (base === void 0) {
        const printed = perProcs && l.procs !== void 0 ? `${l.name}-${l.procs}` : l.name;
        base = several && l.pkg !== "" && !namesPackage(l.name, l.pkg) ? `${printed} (${l.pkg})` : printed;
        bases.set(baseKey, base);
      }
      const name = base;
      const extra = readings.has(name) ? void 0 : `${l.iterations} times${l.procs !== void 0 ? `
${l.procs} procs` : ""}`;
      l.pairs.forEach(([value, unit], i) => {
        readings.add({ name: i === 0 ? name : extraName(name, unit), value, unit, line: l.line, ...extra !== void 0 ? { extra } : {} });
      });
    });
    return [makeRecord({ file, format: "go", shape: shapeOf2(options, "go"), metrics: readings.metrics(), expected: EXPECTED8 })];
  }
};

// src/formats/googlecpp.ts
var EXPECTED9 = 'an object with "context" and a "benchmarks" array (Google Benchmark --benchmark_format=json)';
var REPORTER_FIELDS = /* @__PURE__ */ new Set([
  "name",
  "family_index",
  "per_family_instance_index",
  "run_name",
  "run_type",
  "repetitions",
  "repetition_index",
  "threads",
  "aggregate_name",
  "aggregate_unit",
  "error_occurred",
  "error_message",
  "skipped",
  "skip_message",
  "iterations",
  "real_time",
  "cpu_time",
  "time_unit",
  "cpu_coefficient",
  "real_coefficient",
  "big_o",
  "rms",
  "label"
]);
var COUNTER_UNITS = {
  bytes_per_second: "B/s",
  items_per_second: "items/s",
  allocs_per_iter: "allocs/iter",
  max_bytes_used: "B",
  total_allocated_bytes: "B",
  net_heap_growth: "B"
};
function countersOf(e) {
  return Object.keys(e.b).filter((k) => !REPORTER_FIELDS.has(k) && Object.hasOwn(COUNTER_UNITS, k) && (typeof e.b[k] === "number" || isNonFinite(e.b[k])));
}
function counterValue(e, counter, notes, lost = "that point of the counter") {
  const v = e.b[counter];
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "number" || isNonFinite(v)) notes.push(`${child(e.path, counter)} is ${describeValue(v)}, not a number; ${lost} is left out`);
  return null;
}
var googlecpp = {
  name: "googlecpp",
  description: "Google Benchmark JSON (--benchmark_format=json); repetitions become runs, aggregates are not counted twice",
  detect: (text2) => {
    const v = peekJson(text2);
    if (!isObject2(v) || !Array.isArray(v["benchmarks"])) return false;
    const first = v["benchmarks"][0];
    return isObject2(v["context"]) && isObject2(first) && ("real_time" in first || "run_type" in first);
  },
  parse: (file, text2, options) => {
    const data = parseJsonText(file, text2);
    if (!isObject2(data) || !Array.isArray(data["benchmarks"])) throw notFormat(file, "Google Benchmark", EXPECTED9, data);
    const runsOf3 = /* @__PURE__ */ new Map();
    const aggregatesOf2 = /* @__PURE__ */ new Map();
    expectArray(file, data["benchmarks"], "benchmarks").forEach((raw, i) => {
      const path = child("benchmarks", i);
      const b = expectObject(file, raw, path);
      const name = expectString(file, b["name"], child(path, "name"), "the benchmark name");
      const key2 = typeof b["run_name"] === "string" && b["run_name"] !== "" ? b["run_name"] : name;
      if (b["run_type"] === "aggregate") {
        const aggs = aggregatesOf2.get(key2) ?? /* @__PURE__ */ new Map();
        aggs.set(String(b["aggregate_name"] ?? ""), { b, path });
        aggregatesOf2.set(key2, aggs);
        return;
      }
      const list = runsOf3.get(key2) ?? [];
      list.push({ b, path });
      runsOf3.set(key2, list);
    });
    const unitOf = (e) => `${expectString(file, e.b["time_unit"], child(e.path, "time_unit"), "a time unit")}/iter`;
    const extraOf = (e) => `iterations: ${String(e.b["iterations"])}
cpu: ${String(e.b["cpu_time"])} ${String(e.b["time_unit"])}
threads: ${String(e.b["threads"])}`;
    const failedOf = (e) => e.b["error_occurred"] === true;
    const skippedOf = (e) => !failedOf(e) && e.b["skipped"] !== void 0 && e.b["skipped"] !== false && e.b["skipped"] !== 0;
    const notes = [];
    const metrics = [];
    const names2 = [.../* @__PURE__ */ new Set([...runsOf3.keys(), ...aggregatesOf2.keys()])];
    for (const name of names2) {
      const runs2 = runsOf3.get(name);
      if (runs2 && runs2.length > 0) {
        const skipped = runs2.filter(skippedOf);
        if (skipped.length > 0) {
          const said = skipped.length === runs2.length ? "skipped; no point" : `skipped in ${skipped.length} of ${runs2.length} runs; those are left out`;
          notes.push(`${name}: ${said} (${String(skipped[0]?.b["skip_message"] ?? "no message")})`);
          if (skipped.length === runs2.length) continue;
        }
        const first = runs2.find((e) => !skippedOf(e));
        const unit2 = unitOf(first);
        const failed = runs2.filter(failedOf);
        if (failed.length > 0) {
          const messages = [...new Set(failed.map((e) => String(e.b["error_message"] ?? "no message")))].join("; ");
          notes.push(`${name}: ${failed.length === 1 && runs2.length === 1 ? "a run" : `${failed.length} of ${runs2.length} runs`} failed (${messages}); left out`);
        }
        const ok = runs2.filter((e) => !failedOf(e) && !skippedOf(e));
        const values = inOneUnit(
          ok.map((e) => ({ value: expectNumber(file, e.b["real_time"], child(e.path, "real_time")), unit: unitOf(e), where: `${file}: ${e.path}` })),
          unit2
        );
        let k = 0;
        const samples = runs2.map((e) => failedOf(e) || skippedOf(e) ? null : values[k++]);
        metrics.push(sampledMetric({ name, unit: unit2, direction: directionFor(unit2, "smaller"), extra: extraOf(first), failed: failed.length }, samples));
        const timed = runs2.filter((e) => !failedOf(e) && !skippedOf(e));
        for (const counter of [...new Set(timed.flatMap(countersOf))]) {
          const cu = COUNTER_UNITS[counter] ?? "";
          const values2 = runs2.map((e) => failedOf(e) || skippedOf(e) ? null : counterValue(e, counter, notes));
          if (values2.every((v) => v === null)) continue;
          metrics.push(sampledMetric({ name: `${name} - ${counter}`, unit: cu, direction: directionFor(cu, "smaller"), failed: failed.length }, values2));
        }
        continue;
      }
      const aggs = aggregatesOf2.get(name);
      const centre = aggs.get("median") ?? aggs.get("mean");
      if (!centre) {
        const fits2 = [...aggs.keys()].filter((k) => k === "BigO" || k === "RMS");
        if (fits2.length > 0) notes.push(`${name}: the complexity fit (${fits2.join(", ")}) is not a time per iteration; not read, its instances are`);
        continue;
      }
      const unit = unitOf(centre);
      const sd = aggs.get("stddev");
      const stdev = sd ? inOneUnit([{ value: expectNumber(file, sd.b["real_time"], child(sd.path, "real_time")), unit: unitOf(sd) }], unit)[0] : void 0;
      const reps = centre.b["repetitions"];
      metrics.push(
        summaryMetric(
          { name, unit, direction: directionFor(unit, "smaller"), extra: extraOf(centre) },
          {
            value: expectNumber(file, centre.b["real_time"], child(centre.path, "real_time")),
            ...stdev !== void 0 ? { stdev } : {},
            ...typeof reps === "number" && reps > 0 ? { samples: reps } : {}
          }
        )
      );
      for (const counter of countersOf(centre)) {
        const cu = COUNTER_UNITS[counter] ?? "";
        const value = counterValue(centre, counter, notes);
        if (value === null) continue;
        const spread2 = sd ? counterValue(sd, counter, notes, "the counter's spread") : null;
        metrics.push(
          summaryMetric(
            { name: `${name} - ${counter}`, unit: cu, direction: directionFor(cu, "smaller") },
            { value, ...spread2 !== null ? { stdev: spread2 } : {}, ...typeof reps === "number" && reps > 0 ? { samples: reps } : {} }
          )
        );
      }
    }
    return [makeRecord({ file, format: "googlecpp", shape: shapeOf2(options, "googlecpp"), metrics, notes, expected: EXPECTED9 })];
  }
};

// src/formats/hyperfine.ts
var EXPECTED10 = 'an object with a "results" array of {"command", "times", ...} (hyperfine --export-json)';
var hyperfine = {
  name: "hyperfine",
  description: "hyperfine --export-json: times[] become runs in seconds; failing runs are counted, parameters kept",
  detect: (text2) => {
    const v = peekJson(text2);
    if (!isObject2(v) || !Array.isArray(v["results"])) return false;
    const first = v["results"][0];
    return isObject2(first) && "command" in first && ("times" in first || "mean" in first);
  },
  parse: (file, text2, options) => {
    const data = parseJsonText(file, text2);
    if (!isObject2(data) || !Array.isArray(data["results"])) throw notFormat(file, "hyperfine", EXPECTED10, data);
    const results = expectArray(file, data["results"], "results").map((raw, i) => {
      const path = child("results", i);
      const r = expectObject(file, raw, path);
      const params = r["parameters"];
      const paramText = isObject2(params) ? Object.entries(params).map(([k, v]) => `${k}=${String(v)}`).join(" ") : "";
      return { r, path, command: expectString(file, r["command"], child(path, "command"), "the command"), paramText };
    });
    const seen = /* @__PURE__ */ new Map();
    for (const x of results) seen.set(x.command, (seen.get(x.command) ?? 0) + 1);
    const keyOf2 = (x) => JSON.stringify([x.command, x.paramText]);
    const sameParams = /* @__PURE__ */ new Map();
    for (const x of results) sameParams.set(keyOf2(x), (sameParams.get(keyOf2(x)) ?? 0) + 1);
    const occurrence = /* @__PURE__ */ new Map();
    const notes = [];
    const ambiguous = /* @__PURE__ */ new Set();
    const metrics = results.map(({ r, path, command, paramText }, i) => {
      const twice = (seen.get(command) ?? 0) > 1;
      const key2 = keyOf2({ command, paramText });
      const k = (occurrence.get(key2) ?? 0) + 1;
      occurrence.set(key2, k);
      const byOrder = paramText !== "" && (sameParams.get(key2) ?? 0) > 1;
      if (byOrder) ambiguous.add(command);
      const name = !twice ? command : byOrder ? `${command} (${paramText} #${k})` : `${command} (${paramText || `#${i + 1}`})`;
      const spec = { name, unit: "s", direction: "smaller", ...paramText ? { extra: paramText } : {} };
      const times = r["times"];
      if (Array.isArray(times)) {
        const tp = child(path, "times");
        if (times.length === 0) throw new InputError(`${file}: ${tp} is empty: "${name}" has no run to take a point from (hyperfine writes one time per run)`);
        const values = times.map((t, k2) => expectNumber(file, t, child(tp, k2), "a time in seconds"));
        const codes = r["exit_codes"];
        const exit = Array.isArray(codes) ? codes.map((c, k2) => c === null ? 0 : expectNumber(file, c, child(child(path, "exit_codes"), k2), "an exit code")) : [];
        const failing = exit.map((c, k2) => c !== 0 && k2 < values.length ? k2 : -1).filter((k2) => k2 >= 0);
        if (failing.length > 0) {
          const codesText = [...new Set(failing.map((k2) => exit[k2]))].join(", ");
          notes.push(`"${name}" exited non-zero in ${failing.length} of ${values.length} runs (exit code ${codesText}); those runs are left out`);
        }
        return sampledMetric({ ...spec, failed: failing.length }, values.map((v, k2) => failing.includes(k2) ? null : v));
      }
      const centre = optionalNumber(file, r, "median", path) ?? expectNumber(file, r["mean"], child(path, "mean"), "the mean time in seconds");
      const lo = optionalNumber(file, r, "min", path);
      const hi = optionalNumber(file, r, "max", path);
      const sd = optionalNumber(file, r, "stddev", path);
      return summaryMetric(spec, {
        value: centre,
        ...lo !== void 0 ? { lo } : {},
        ...hi !== void 0 ? { hi } : {},
        ...sd !== void 0 ? { stdev: sd } : {}
      });
    });
    for (const command of ambiguous) {
      notes.push(
        `"${command}" names several commands under the same parameters; they are told apart by their order (#1 is the first command), so reordering the commands swaps their cases: give each command its own -n`
      );
    }
    return [makeRecord({ file, format: "hyperfine", shape: shapeOf2(options, "hyperfine"), metrics, notes, expected: EXPECTED10 })];
  }
};

// src/formats/jmh.ts
var EXPECTED11 = 'a JSON array of JMH results with "benchmark", "mode" and "primaryMetric" (-rf json output)';
function modeDirection(mode) {
  if (mode === "thrpt") return "bigger";
  if (mode === "avgt" || mode === "sample" || mode === "ss") return "smaller";
  return void 0;
}
function histogramIterations(file, forks, path) {
  return forks.flatMap(
    (fork, f) => expectArray(file, fork, child(path, f), "a list of iterations (one histogram each)").map((iteration, i) => {
      const ip = child(child(path, f), i);
      let count = 0;
      let sum = 0;
      expectArray(file, iteration, ip, "a histogram: a list of [value, count] pairs").forEach((pair, k) => {
        const pp = child(ip, k);
        const items = expectArray(file, pair, pp, "a [value, count] pair");
        if (items.length !== 2) throw new InputError(`${file}: ${pp} must be a [value, count] pair, got ${items.length} items`);
        const v = expectNumber(file, items[0], child(pp, 0), "a sampled score");
        const c = expectNumber(file, items[1], child(pp, 1), "a count of samples");
        if (c < 0 || !Number.isInteger(c)) throw new InputError(`${file}: ${child(pp, 1)} must be a count of samples (a whole number, 0 or more), got ${c}`);
        count += c;
        sum += v * c;
      });
      if (count === 0) throw new InputError(`${file}: ${ip} holds no sample: an iteration JMH measured has at least one`);
      return sum / count;
    })
  );
}
function metricOf2(file, m, path, name, direction, extra) {
  const unit = expectString(file, m["scoreUnit"], child(path, "scoreUnit"), "the score unit");
  const spec = { name, unit, direction, extra };
  const raw = m["rawData"];
  if (Array.isArray(raw) && raw.length > 0) {
    const values = raw.flatMap(
      (fork, f) => expectArray(file, fork, child(child(path, "rawData"), f), "a list of iteration scores").map(
        (v, i) => expectNumber(file, v, child(child(child(path, "rawData"), f), i))
      )
    );
    if (values.length > 0) return sampledMetric(spec, values);
  }
  const histogram = m["rawDataHistogram"];
  if (Array.isArray(histogram) && histogram.length > 0) {
    const values = histogramIterations(file, histogram, child(path, "rawDataHistogram"));
    if (values.length > 0) return sampledMetric(spec, values);
  }
  const score = expectNumber(file, m["score"], child(path, "score"));
  const ci = m["scoreConfidence"];
  const error = m["scoreError"];
  return summaryMetric(spec, {
    value: score,
    ...Array.isArray(ci) && isFiniteNumber(ci[0]) && isFiniteNumber(ci[1]) ? { lo: ci[0], hi: ci[1] } : {},
    ...isFiniteNumber(error) ? { range: `\xB1 ${error}` } : {}
  });
}
var jmh = {
  name: "jmh",
  description: "JMH -rf json results; iterations become runs, throughput modes are better bigger, -prof gc metrics are their own cases",
  detect: (text2) => {
    const v = peekJson(text2);
    return Array.isArray(v) && v.length > 0 && isObject2(v[0]) && ("jmhVersion" in v[0] || "benchmark" in v[0] && "primaryMetric" in v[0]);
  },
  parse: (file, text2, options) => {
    const data = parseJsonText(file, text2);
    if (!Array.isArray(data)) throw notFormat(file, "JMH", EXPECTED11, data);
    const entries = expectArray(file, data, "").map((raw, i) => {
      const path = child("", i);
      const b = expectObject(file, raw, path);
      const params = b["params"];
      const base = expectString(file, b["benchmark"], child(path, "benchmark"), "the benchmark name");
      return { b, path, name: base + (isObject2(params) ? ` ( ${JSON.stringify(params)} )` : "") };
    });
    const modesOf = /* @__PURE__ */ new Map();
    for (const e of entries) modesOf.set(e.name, (modesOf.get(e.name) ?? /* @__PURE__ */ new Set()).add(e.b["mode"]));
    const metrics = [];
    for (const { b, path, name: plain } of entries) {
      const name = (modesOf.get(plain)?.size ?? 0) > 1 ? `${plain} [${String(b["mode"])}]` : plain;
      const extra = `iterations: ${String(b["measurementIterations"])}
forks: ${String(b["forks"])}
threads: ${String(b["threads"])}`;
      const primary = expectObject(file, b["primaryMetric"], child(path, "primaryMetric"));
      const unit = String(primary["scoreUnit"]);
      metrics.push(metricOf2(file, primary, child(path, "primaryMetric"), name, modeDirection(b["mode"]) ?? directionOfUnit(unit) ?? "smaller", extra));
      const secondary = b["secondaryMetrics"];
      if (!isObject2(secondary)) continue;
      for (const [key2, value] of Object.entries(secondary)) {
        const sp = child(child(path, "secondaryMetrics"), key2);
        const m = expectObject(file, value, sp);
        const costly = /gc|alloc|churn/i.test(key2);
        const direction = costly ? "smaller" : directionOfUnit(String(m["scoreUnit"])) ?? modeDirection(b["mode"]) ?? "smaller";
        metrics.push(metricOf2(file, m, sp, `${name}:${key2}`, direction, extra));
      }
    }
    return [makeRecord({ file, format: "jmh", shape: shapeOf2(options, "jmh"), metrics, expected: EXPECTED11 })];
  }
};

// src/formats/julia.ts
var EXPECTED12 = '`[{"Julia": ..., "BenchmarkTools": ...}, [["BenchmarkGroup", {...}]]]` (BenchmarkTools.save output)';
function paramsText(file, est, path) {
  const params = est["params"];
  return Array.isArray(params) && params.length > 1 ? JSON.stringify(params[1]) : describeValue(expectObject(file, params, child(path, "params")));
}
function walk(file, node, path, labels, out) {
  const pair = expectArray(file, node, path, '["BenchmarkGroup" | "TrialEstimate" | "Trial", {...}]');
  const kind = pair[0];
  const body = expectObject(file, pair[1], child(path, 1));
  const name = labels.join("/");
  if (kind === "BenchmarkGroup") {
    const data = expectObject(file, body["data"], child(child(path, 1), "data"));
    for (const key2 in data) walk(file, data[key2], child(child(child(path, 1), "data"), key2), [...labels, key2], out);
    return;
  }
  const bp = child(path, 1);
  if (kind === "TrialEstimate") {
    const time = expectNumber(file, body["time"], child(bp, "time"), "a time in ns");
    const extra = `gctime=${String(body["gctime"])}
memory=${String(body["memory"])}
allocs=${String(body["allocs"])}
params=${paramsText(file, body, bp)}`;
    out.push(summaryMetric({ name, unit: "ns", direction: "smaller", extra }, { value: time }));
    return;
  }
  if (kind === "Trial") {
    const times = expectArray(file, body["times"], child(bp, "times"), "the sample times in ns").map((t, i) => expectNumber(file, t, child(child(bp, "times"), i)));
    const extra = `memory=${String(body["memory"])}
allocs=${String(body["allocs"])}
params=${paramsText(file, body, bp)}`;
    out.push(sampledMetric({ name, unit: "ns", direction: "smaller", extra }, times));
    return;
  }
  throw new InputError(`${file}: ${path} is a ${describeValue(kind)}; expected a BenchmarkGroup, TrialEstimate or Trial`);
}
var julia = {
  name: "julia",
  description: "Julia BenchmarkTools.save JSON: TrialEstimate as a summary in ns, Trial samples as runs",
  detect: (text2) => {
    const v = peekJson(text2);
    return Array.isArray(v) && v.length === 2 && isObject2(v[0]) && ("BenchmarkTools" in v[0] || "Julia" in v[0]) && Array.isArray(v[1]);
  },
  parse: (file, text2, options) => {
    const data = parseJsonText(file, text2);
    if (!Array.isArray(data) || data.length !== 2 || !Array.isArray(data[1])) throw notFormat(file, "Julia BenchmarkTools", EXPECTED12, data);
    const metrics = [];
    data[1].forEach((group2, i) => walk(file, group2, `[1][${i}]`, [], metrics));
    return [makeRecord({ file, format: "julia", shape: shapeOf2(options, "julia"), metrics, expected: EXPECTED12 })];
  }
};

// src/formats/orca.ts
var EXPECTED13 = 'an Orca startup result: {"iterations": [{"outcome", "phases"}]} or {"summaryMedianMs"}, or the A/B {"runs": [{"baseline", "candidate"}]}';
function launchOf(file, raw, path) {
  const o = expectObject(file, raw, path, 'a launch with "outcome" and "phases"');
  const outcome = expectString(file, o["outcome"], child(path, "outcome"), "the launch outcome");
  const phases = o["phases"] === null || o["phases"] === void 0 ? {} : expectObject(file, o["phases"], child(path, "phases"), "the phases in ms");
  for (const [k, v] of Object.entries(phases)) {
    if (v !== null && !isFiniteNumber(v)) throw new InputError(`${file}: ${child(child(path, "phases"), k)} must be a number of ms or null, got ${describeValue(v)}`);
  }
  return { ok: outcome === "ok", outcome, phases, path };
}
function armRecord(file, shape, launches, extra) {
  const names2 = [];
  for (const l of launches) for (const k of Object.keys(l.phases)) if (!names2.includes(k)) names2.push(k);
  const failed = launches.filter((l) => !l.ok);
  const notes = [];
  if (failed.length > 0) {
    const byOutcome = /* @__PURE__ */ new Map();
    for (const l of failed) byOutcome.set(l.outcome, (byOutcome.get(l.outcome) ?? 0) + 1);
    const how = [...byOutcome].map(([o, n]) => `${o} \xD7${n}`).join(", ");
    notes.push(`${extra.arm ? `${extra.arm}: ` : ""}${failed.length} of ${launches.length} launches did not finish ok (${how}); their phases are left out`);
  }
  const metrics = names2.map(
    (name) => sampledMetric(
      { name, unit: "ms", direction: "smaller", failed: failed.length },
      launches.map((l) => {
        const v = l.phases[name];
        return l.ok && isFiniteNumber(v) ? v : null;
      })
    )
  );
  return makeRecord({
    file,
    format: "orca",
    shape,
    metrics,
    runs: launches.length,
    notes,
    expected: EXPECTED13,
    ...extra.claimed ? { claimedMedians: extra.claimed } : {},
    ...extra.arm ? { arm: extra.arm } : {},
    ...extra.controls ? { controls: extra.controls } : {}
  });
}
function isAbFile(v) {
  const runs2 = v["runs"];
  return Array.isArray(runs2) && runs2.length > 0 && runs2.every((r) => isObject2(r) && ("baseline" in r || "candidate" in r));
}
var orca = {
  name: "orca",
  description: "Orca startup benchmark results (phases in ms): ok iterations become runs; the A/B file becomes a baseline and a candidate record",
  detect: (text2) => {
    const v = peekJson(text2);
    if (!isObject2(v)) return false;
    const its = v["iterations"];
    return Array.isArray(its) && its.some((i) => isObject2(i) && "phases" in i) || isObject2(v["summaryMedianMs"]) || isAbFile(v);
  },
  parse: (file, text2, options) => {
    const data = parseJsonText(file, text2);
    if (!isObject2(data)) throw notFormat(file, "Orca startup benchmark", EXPECTED13, data);
    const shape = shapeOf2(options, "orca");
    if (isAbFile(data)) {
      const rounds = expectArray(file, data["runs"], "runs").map((r, i) => expectObject(file, r, child("runs", i), 'a round with "baseline" and "candidate"'));
      const controlsRaw = data["controlPhases"];
      const controls = Array.isArray(controlsRaw) ? controlsRaw.filter((c) => typeof c === "string") : void 0;
      const armOf = (arm2) => rounds.map(
        (r, i) => r[arm2] === void 0 || r[arm2] === null ? { ok: false, outcome: "missing", phases: {}, path: child(child("runs", i), arm2) } : launchOf(file, r[arm2], child(child("runs", i), arm2))
      );
      const records = ["baseline", "candidate"].map((arm2) => armRecord(file, shape, armOf(arm2), { arm: arm2, ...controls ? { controls } : {} }));
      if (data["driftDetected"] === true) {
        const first = records[0];
        records[0] = { ...first, notes: [...first.notes ?? [], "the bench itself reported drift in its control phases"] };
      }
      return records;
    }
    const summary = data["summaryMedianMs"];
    const its = data["iterations"];
    if (Array.isArray(its) && its.length > 0) {
      const launches = its.map((l, i) => launchOf(file, l, child("iterations", i)));
      const claimed2 = {};
      if (isObject2(summary)) {
        for (const [k, v] of Object.entries(summary)) if (isFiniteNumber(v)) claimed2[k] = v;
      }
      return [armRecord(file, shape, launches, { claimed: claimed2 })];
    }
    if (isObject2(summary)) {
      const metrics = Object.entries(summary).filter((e) => isFiniteNumber(e[1])).map(([name, value]) => summaryMetric({ name, unit: "ms", direction: "smaller", extra: "median of the bench" }, { value }));
      return [makeRecord({ file, format: "orca", shape, metrics, runs: 0, expected: EXPECTED13 })];
    }
    throw notFormat(file, "Orca startup benchmark", EXPECTED13, data);
  }
};

// src/formats/pytest.ts
var EXPECTED14 = 'an object with a "benchmarks" array (pytest --benchmark-json output)';
var UNIT = "iter/sec";
function humanSeconds(seconds2) {
  if (seconds2 < 1e-6) return `${seconds2 * 1e9} nsec`;
  if (seconds2 < 1e-3) return `${seconds2 * 1e6} usec`;
  if (seconds2 < 1) return `${seconds2 * 1e3} msec`;
  return `${seconds2} sec`;
}
var pytest = {
  name: "pytest",
  description: "pytest-benchmark --benchmark-json output, in iter/sec; stats.data rounds become runs",
  detect: (text2) => {
    const v = peekJson(text2);
    if (!isObject2(v) || !Array.isArray(v["benchmarks"])) return false;
    const first = v["benchmarks"][0];
    return isObject2(first) && isObject2(first["stats"]) && ("fullname" in first || "machine_info" in v);
  },
  parse: (file, text2, options) => {
    const data = parseJsonText(file, text2);
    if (!isObject2(data) || !Array.isArray(data["benchmarks"])) throw notFormat(file, "pytest-benchmark", EXPECTED14, data);
    const notes = [];
    const metrics = expectArray(file, data["benchmarks"], "benchmarks").map((raw, i) => {
      const path = child("benchmarks", i);
      const b = expectObject(file, raw, path);
      const name = expectString(file, b["fullname"] ?? b["name"], child(path, "fullname"), "the benchmark name");
      const sp = child(path, "stats");
      const stats = expectObject(file, b["stats"], sp, "the benchmark statistics");
      const num = (key2) => expectNumber(file, stats[key2], child(sp, key2), "a number of seconds");
      const rounds = expectNumber(file, stats["rounds"], child(sp, "rounds"), "the number of rounds");
      const spec = { name, unit: UNIT, direction: "bigger", extra: `mean: ${humanSeconds(num("mean"))}
rounds: ${rounds}` };
      const rawData = stats["data"];
      const complete = Array.isArray(rawData) && rawData.length === rounds && rawData.every((t) => isFiniteNumber(t) && t > 0);
      if (Array.isArray(rawData)) {
        if (complete && rounds <= MAX_SAMPLES) return sampledMetric(spec, rawData.map((t) => clean(1 / t)));
        if (!complete) notes.push(`${name}: stats.data holds ${rawData.filter(isFiniteNumber).length} of ${rounds} round times; using the tool's statistics`);
      }
      const [median2, q1, q3] = [num("median"), num("q1"), num("q3")];
      for (const [key2, t] of [["median", median2], ["q1", q1], ["q3", q3]]) {
        if (t <= 0) throw new InputError(`${file}: ${child(sp, key2)} must be a positive number of seconds, got ${t}`);
      }
      const summary = summaryMetric(spec, {
        value: clean(1 / median2),
        lo: clean(1 / q3),
        hi: clean(1 / q1),
        range: `stddev: ${num("stddev")}`,
        samples: rounds
      });
      return complete ? { ...summary, allSamples: rawData.map((t) => clean(1 / t)) } : summary;
    });
    return [makeRecord({ file, format: "pytest", shape: shapeOf2(options, "pytest"), metrics, notes, expected: EXPECTED14 })];
  }
};

// src/formats/qwen-code.ts
var EXPECTED15 = 'a qwen-code benchmark snapshot: an object with "version", "capturedAt", and "runs" or percentile blocks';
var META = /* @__PURE__ */ new Set(["version", "capturedAt", "gitCommit", "platform", "cliBin", "config", "notes", "runs"]);
var PERCENTILE_KEYS = /* @__PURE__ */ new Set(["count", "p50", "p75", "p90", "p95", "p99", "mean", "min", "max"]);
var SUFFIXES = [
  ["Ms", "ms"],
  ["MB", "MB"],
  ["GB", "GB"],
  ["KB", "kB"],
  ["Bytes", "B"],
  ["Seconds", "s"]
];
function unitField(key2) {
  for (const [suffix, unit] of SUFFIXES) {
    if (key2.length > suffix.length && key2.endsWith(suffix)) return [key2.slice(0, -suffix.length), unit];
  }
  return void 0;
}
function join2(path, key2) {
  return path === "" ? key2 : `${path}.${key2}`;
}
function refuseNonFinite(file, path, v) {
  if (isNonFinite(v)) throw new InputError(`${file}: ${path} must be a finite number or null, got ${describeValue(v)}`);
}
function refuseBadClock(file, path, v) {
  refuseNonFinite(file, path, v);
  if (v !== null && v !== void 0 && !isFiniteNumber(v)) throw new InputError(`${file}: ${path} must be a finite number or null, got ${describeValue(v)}`);
  if (isFiniteNumber(v) && v < 0 && v !== -1) throw new InputError(`${file}: ${path} is ${v}, but a clock cannot be negative (qwen-code writes -1 for one the daemon did not report)`);
}
var qwenCode = {
  name: "qwen-code",
  description: "qwen-code benchmark snapshots: measured runs become runs (warm-ups counted), percentile blocks summary points, memory in MB",
  detect: (text2) => {
    const v = peekJson(text2);
    return isObject2(v) && "version" in v && "capturedAt" in v && (Array.isArray(v["runs"]) || Object.values(v).some((x) => isObject2(x)));
  },
  parse: (file, text2, options) => {
    const data = parseJsonText(file, text2);
    if (!isObject2(data) || !("capturedAt" in data)) throw notFormat(file, "qwen-code snapshot", EXPECTED15, data);
    const notes = [];
    const metrics = [];
    const claimed2 = {};
    const rawRuns = data["runs"] === void 0 ? [] : expectArray(file, data["runs"], "runs", "an array of runs");
    const runs2 = rawRuns.map((r, i) => expectObject(file, r, child("runs", i), "a run object"));
    const measured = runs2.filter((r) => r["measured"] !== false);
    const warmups = runs2.length - measured.length;
    if (warmups > 0) notes.push(`${warmups} warm-up run${warmups === 1 ? "" : "s"} (measured: false) left out`);
    const clockFields = /* @__PURE__ */ new Map();
    for (const [i, r] of runs2.entries()) {
      if (r["measured"] === false) continue;
      for (const [key2, v] of Object.entries(r)) {
        const u = unitField(key2);
        if (u) refuseBadClock(file, child(child("runs", i), key2), v);
        if (u && (isFiniteNumber(v) || v === null) && !clockFields.has(u[0])) clockFields.set(u[0], [key2, u[1]]);
      }
    }
    const clocks = [...clockFields.keys()];
    let sentinels = 0;
    for (const [name, [key2, unit]] of clockFields) {
      const values = measured.map((r) => {
        const v = r[key2];
        if (!isFiniteNumber(v)) return null;
        if (v < 0) {
          sentinels++;
          return null;
        }
        return v;
      });
      metrics.push(sampledMetric({ name, unit, direction: "smaller" }, values));
    }
    if (sentinels > 0) notes.push(`${sentinels} run clock${sentinels === 1 ? "" : "s"} read -1 (not reported by the daemon): absent`);
    const nulls = [];
    const visit = (obj2, path) => {
      for (const [key2, value] of Object.entries(obj2)) {
        if (path === "" && META.has(key2)) continue;
        const u = unitField(key2);
        const name = join2(path, u ? u[0] : key2);
        if (value === null) {
          nulls.push(join2(path, key2));
          continue;
        }
        if (u || PERCENTILE_KEYS.has(key2)) refuseNonFinite(file, join2(path, key2), value);
        if (isObject2(value)) {
          if (value["skipped"] === true) {
            notes.push(`${join2(path, key2)} was skipped${typeof value["skipReason"] === "string" ? `: ${value["skipReason"]}` : ""}`);
            continue;
          }
          if (isFiniteNumber(value["p50"])) {
            const p50 = value["p50"];
            if (clocks.includes(name)) claimed2[name] = p50;
            else {
              const lo = value["min"];
              const hi = value["max"];
              const count = value["count"];
              const extra = ["p90", "p99", "mean"].filter((k) => isFiniteNumber(value[k])).map((k) => `${k}=${String(value[k])}`).join(" ");
              metrics.push(
                summaryMetric(
                  { name, unit: u ? u[1] : "ms", direction: "smaller", ...extra ? { extra } : {} },
                  {
                    value: p50,
                    ...isFiniteNumber(lo) && isFiniteNumber(hi) ? { lo, hi } : {},
                    ...isFiniteNumber(count) ? { samples: count } : {}
                  }
                )
              );
            }
            visit(Object.fromEntries(Object.entries(value).filter(([k]) => !PERCENTILE_KEYS.has(k))), name);
            continue;
          }
          visit(value, name);
          continue;
        }
        if (u && isFiniteNumber(value) && !clocks.includes(name)) {
          metrics.push(summaryMetric({ name, unit: u[1], direction: "smaller" }, { value }));
        }
      }
    };
    visit(data, "");
    if (nulls.length > 0) notes.push(`not measured (null): ${nulls.join(", ")}`);
    return [
      makeRecord({
        file,
        format: "qwen-code",
        shape: shapeOf2(options, "qwen-code"),
        metrics,
        runs: measured.length,
        notes,
        claimedMedians: claimed2,
        expected: EXPECTED15
      })
    ];
  }
};

// schemas/bench-record.schema.json
var bench_record_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://github.com/benchtrend/benchtrend/schemas/bench-record.schema.json",
  title: "benchtrend bench record",
  description: "One bench invocation of one shape: its runs, each with the seconds of its stages. A stage a run did not report is left out of that run's stages, never written as 0.",
  type: "object",
  required: ["shape", "runs"],
  properties: {
    shape: {
      description: "The trend line this record belongs to, e.g. warm or cold-recreate.",
      type: "string",
      minLength: 1,
      pattern: "\\S"
    },
    command: {
      description: "The command that was benched, as argv.",
      type: "array",
      items: { type: "string" }
    },
    n: {
      description: "The number of runs the bench meant to make.",
      type: "integer",
      minimum: 0
    },
    runs: {
      description: "One entry per timed execution.",
      type: "array",
      minItems: 1,
      items: { $ref: "#/definitions/run" }
    },
    median: {
      description: "The bench's own medians. benchtrend recomputes them from the runs and warns where they disagree.",
      type: "object",
      properties: {
        wall_seconds: { $ref: "#/definitions/seconds" },
        total_seconds: { $ref: "#/definitions/seconds" },
        stages: {
          type: "object",
          additionalProperties: {
            type: "object",
            properties: {
              seconds: { $ref: "#/definitions/seconds" },
              runs: { type: "integer", minimum: 0 }
            }
          }
        }
      }
    }
  },
  definitions: {
    seconds: { type: "number", minimum: 0 },
    run: {
      type: "object",
      properties: {
        wall_seconds: {
          description: "The outside stopwatch: evidence that rides along with the total.",
          $ref: "#/definitions/seconds"
        },
        total_seconds: {
          description: "The in-process total; becomes the case <shape> / total.",
          $ref: "#/definitions/seconds"
        },
        stages: {
          description: "Seconds per named stage that this run reported.",
          type: "object",
          additionalProperties: { $ref: "#/definitions/seconds" }
        }
      }
    }
  }
};

// src/formats/record.ts
var validator = lazyValidator(bench_record_schema_default);
function explain(error, data) {
  const path = pointerToPath(error.instancePath);
  const value = valueAtPointer(data, error.instancePath);
  if (error.instancePath === "" && error.keyword === "type") {
    return `not an object: a bench record is one JSON object, got ${describeValue(value)}`;
  }
  if (error.keyword === "required") {
    const missing = String(error.params["missingProperty"]);
    if (missing === "shape") return 'no shape: the record has no "shape" field naming its trend line';
    if (missing === "runs") return 'no runs: the record has no "runs" array';
    return `${path || "record"} has no "${missing}"`;
  }
  if (path === "runs" && error.keyword === "minItems") return 'no runs: the "runs" array is empty';
  if (path === "runs" && error.keyword === "type") return `no runs: "runs" must be an array, got ${describeValue(value)}`;
  if (path === "shape") return `no shape: "shape" must be a non-empty name, got ${describeValue(value)}`;
  if (error.keyword === "type" && error.params["type"] === "number") {
    return `${path} must be a number of seconds, got ${describeValue(value)}`;
  }
  if (error.keyword === "minimum") return `${path} must not be negative, got ${describeValue(value)}`;
  return schemaErrorLine(error, data, "record");
}
function parseRecord(file, text2) {
  const data = parseJsonText(file, text2);
  const validate = validator();
  if (!validate(data)) {
    const first = validate.errors?.[0];
    throw new InputError(`${file}: ${first ? explain(first, data) : "does not match the bench record schema"}`);
  }
  const runs2 = data.runs;
  const stageNames = [];
  for (const run of runs2) {
    for (const name of Object.keys(run.stages ?? {})) if (!stageNames.includes(name)) stageNames.push(name);
  }
  const metrics = stageNames.map((name) => sampledMetric({ name, unit: "s", direction: "smaller" }, runs2.map((r) => r.stages?.[name] ?? null)));
  if (stageNames.includes("total")) {
    throw new InputError(`${file}: a stage is named "total", which is the name of the in-process total's case`);
  }
  if (runs2.some((r) => r.total_seconds !== void 0)) {
    metrics.push(sampledMetric({ name: "total", unit: "s", direction: "smaller" }, runs2.map((r) => r.total_seconds ?? null)));
  }
  if (metrics.length === 0) throw new InputError(`${file}: no run reports a stage or total_seconds; a record of shape ${JSON.stringify(data.shape)} with nothing measured is no result`);
  const claimed2 = {};
  for (const [name, m] of Object.entries(data.median?.stages ?? {})) if (m.seconds !== void 0) claimed2[name] = m.seconds;
  if (data.median?.total_seconds !== void 0) claimed2["total"] = data.median.total_seconds;
  const notes = [];
  if (data.n !== void 0 && data.n !== runs2.length) {
    notes.push(`the record says n=${data.n} but holds ${runs2.length} runs; counting the ${runs2.length} it holds`);
  }
  const wall = runs2.some((r) => r.wall_seconds !== void 0) ? runs2.map((r) => r.wall_seconds ?? null) : void 0;
  return {
    file,
    format: "record",
    shape: data.shape,
    runs: runs2.length,
    metrics,
    ...wall ? { wall } : {},
    claimedMedians: claimed2,
    ...notes.length ? { notes } : {}
  };
}
function looksLikeRecord(text2) {
  const t = text2.trimStart();
  if (t === "") return true;
  if (!t.startsWith("{") && !t.startsWith("[")) return false;
  try {
    JSON.parse(t);
  } catch {
    return true;
  }
  return t.startsWith("{") && /"(?:runs|shape)"\s*:/.test(t);
}

// src/formats/record-format.ts
var recordFormat = {
  name: "record",
  description: "benchtrend bench records: one JSON object per invocation with runs and stages in seconds",
  detect: (text2) => {
    const v = peekJson(text2);
    return isObject2(v) && typeof v["shape"] === "string" && Array.isArray(v["runs"]) && v["runs"].every(isObject2);
  },
  parse: (file, text2) => [parseRecord(file, text2)]
};

// src/formats/registry.ts
var FORMATS = [
  recordFormat,
  orca,
  qwenCode,
  hyperfine,
  pytest,
  googlecpp,
  benchmarkdotnet,
  jmh,
  julia,
  customBiggerIsBetter,
  customSmallerIsBetter,
  dlTimingJson,
  catch2,
  benchmarkluau,
  benchmarkjs,
  criterion,
  cargo,
  go
];
var FORMAT_NAMES = FORMATS.map((f) => f.name);
var FORMAT_CHOICES = ["auto", ...FORMAT_NAMES];
function detectFormat(text2, file) {
  return FORMATS.find((f) => f.detect(text2, file));
}
var LABELS = {
  record: "a benchtrend bench record",
  orca: "an Orca startup benchmark result",
  "qwen-code": "a qwen-code benchmark snapshot",
  hyperfine: "hyperfine --export-json",
  pytest: "pytest-benchmark --benchmark-json output",
  googlecpp: "Google Benchmark JSON",
  benchmarkdotnet: "BenchmarkDotNet JSON",
  jmh: "JMH -rf json results",
  julia: "Julia BenchmarkTools JSON",
  customBiggerIsBetter: "a customBiggerIsBetter array",
  customSmallerIsBetter: "a customSmallerIsBetter array",
  "dl-timing-json": "dl-timing-json lines",
  catch2: "Catch2 benchmark output",
  benchmarkluau: "Luau bench output",
  benchmarkjs: "benchmark.js output",
  criterion: "Criterion.rs output",
  cargo: "cargo bench output",
  go: "go test output"
};
function formatLabel(name) {
  return LABELS[name] ?? name;
}
function nearest(word, candidates) {
  const lower = word.toLowerCase();
  let best;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const cl = c.toLowerCase();
    const distance = cl.startsWith(lower) && lower.length >= 3 || lower.startsWith(cl) && cl.length >= 2 ? 0.5 : editDistance(lower, cl);
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.min(3, Math.floor(word.length / 3))) ? best : void 0;
}
function unrecognised(file, text2, option) {
  const what = (
    // No format's output holds NUL, and a JSON text cannot: an executable, an archive, an image, or
    // a file whose blocks were allocated but never written (a writer killed mid-write).
    text2.includes("\0") ? "it is not text: it holds NUL bytes, as a binary file does" : peekJson(text2) !== void 0 ? "it is JSON, but its fields match none of them" : /^\s*[[{]/.test(text2) ? "it starts like JSON but does not parse" : "no line matches any of their result lines"
  );
  return new InputError(`${file}: format not recognised (${what}); tried ${FORMAT_NAMES.join(", ")}; set ${option === "format:" ? "input format" : option} to name one`);
}
var READS_TOO = { criterion: ["cargo"] };
function alsoRecognised(found, text2, file) {
  if (peekJson(text2) !== void 0) return [];
  const rest = FORMATS.slice(FORMATS.indexOf(found) + 1);
  return rest.filter((f) => !(READS_TOO[found.name] ?? []).includes(f.name) && f.detect(text2, file));
}
function readsIt(format, file, text2, options) {
  try {
    format.parse(file, text2, options);
    return true;
  } catch {
    return false;
  }
}
function unknownFormat(format, option) {
  const near = nearest(format, FORMAT_CHOICES);
  return new InputError(`${option}: unknown format ${JSON.stringify(format)}; ${near !== void 0 ? `did you mean ${near}? ` : ""}known: ${FORMAT_CHOICES.join(", ")}`);
}
function parseInput(file, text2, format, options = {}) {
  const option = options.formatOption ?? "format:";
  const chosen = format === "auto" ? void 0 : FORMATS.find((f) => f.name === format);
  if (format !== "auto" && !chosen) throw unknownFormat(format, option.replace(/:$/, ""));
  if (text2.trim() === "") throw new InputError(`${file}: the file is empty; the bench step may have exited 0 without writing it`);
  if (!chosen) {
    const found = detectFormat(text2, file);
    if (!found && looksLikeRecord(text2)) return recordFormat.parse(file, text2, options);
    const json3 = found ? void 0 : peekJson(text2);
    if (Array.isArray(json3) && json3.length === 0) throw new InputError(`${file}: the file holds an empty JSON array, no benchmark result; the bench step may have run none`);
    if (!found) throw unrecognised(file, text2, option);
    const records = found.parse(file, text2, options);
    const notes = found.autoNote === void 0 ? [] : [found.autoNote.replace("set format: ", option === "format:" ? "set format: " : `give ${option} `)];
    const others = alsoRecognised(found, text2, file);
    if (others.length > 0) {
      notes.push(
        `read as ${formatLabel(found.name)}; it also holds ${others.map((f) => formatLabel(f.name)).join(" and ")}, not read: a file is read in one format, give each tool its own file`
      );
    }
    return notes.length === 0 ? records : records.map((r, i) => i === 0 ? { ...r, notes: [...r.notes ?? [], ...notes] } : r);
  }
  try {
    return chosen.parse(file, text2, options);
  } catch (e) {
    const other = e instanceof InputError ? detectFormat(text2, file) : void 0;
    if (other && other.name !== chosen.name && readsIt(other, file, text2, options)) {
      throw new InputError(`${file} looks like ${formatLabel(other.name)}, not ${formatLabel(chosen.name)}; use ${option} ${other.name} or auto`);
    }
    throw e;
  }
}

// src/effects/record-files.ts
function splitPatterns(text2) {
  return text2.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#"));
}
async function expandPatterns(patterns, cwd, input = "records") {
  const out = [];
  const matches = async (pattern) => (await glob(pattern, { cwd, absolute: isAbsolute3(pattern), onlyFiles: true, expandDirectories: false })).sort();
  const count = async (pattern) => isDynamicPattern(pattern) ? (await matches(pattern)).length : existsSync(resolve4(cwd, pattern)) ? 1 : 0;
  for (const pattern of patterns) {
    const found = isDynamicPattern(pattern) ? await matches(pattern) : void 0;
    if (pattern.includes("\\") && !found?.length && !existsSync(resolve4(cwd, pattern))) await refuseBackslashes(pattern, input, count);
    if (found === void 0) {
      out.push(pattern);
      continue;
    }
    if (found.length === 0) {
      throw new InputError(`${input}: the pattern ${JSON.stringify(pattern)} matched no file; the bench step may have exited 0 without writing its records`);
    }
    out.push(...found);
  }
  const seen = /* @__PURE__ */ new Set();
  const files = [];
  for (const f of out.map((f2) => isAbsolute3(f2) ? f2 : relative2(cwd, resolve4(cwd, f2)) || f2)) {
    const real = await realpath2(resolve4(cwd, f)).catch(() => resolve4(cwd, f));
    if (seen.has(real)) continue;
    seen.add(real);
    files.push(f);
  }
  return files;
}
async function refuseBackslashes(pattern, input, count) {
  const slashed = pattern.replace(/\\/g, "/");
  const n = await count(slashed);
  const then = n > 0 ? `; write ${JSON.stringify(slashed)}, which matches ${n === 1 ? "a file" : `${n} files`}` : `, and ${JSON.stringify(slashed)} matches no file either; the bench step may have exited 0 without writing its records`;
  throw new InputError(`${input}: the pattern ${JSON.stringify(pattern)} matched no file: a pattern separates folders with /, \\ escapes the character after it${then}`);
}
var MAX_INPUT_BYTES = 64 * 1024 * 1024;
var MAX_IMPORT_BYTES = 500 * 1024 * 1024;
var NotAFileError = class extends Error {
  constructor(kind) {
    super(`it is ${kind}, not a file`);
    this.kind = kind;
  }
  kind;
  name = "NotAFileError";
};
var TooLargeError = class extends Error {
  constructor(bytes) {
    super(`${bytes} bytes`);
    this.bytes = bytes;
  }
  bytes;
  name = "TooLargeError";
};
function kindOf(info2) {
  if (info2.isFIFO()) return "a named pipe";
  if (info2.isCharacterDevice() || info2.isBlockDevice()) return "a device";
  if (info2.isSocket()) return "a socket";
  return "not a regular file";
}
async function readRegularFile(path, limit) {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info2 = await handle.stat();
    if (info2.isDirectory()) throw Object.assign(new Error(`EISDIR: ${path}`), { code: "EISDIR" });
    if (!info2.isFile()) throw new NotAFileError(kindOf(info2));
    if (info2.size > limit) throw new TooLargeError(info2.size);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
function readFailure(e, limit = MAX_INPUT_BYTES) {
  if (e instanceof NotAFileError) return e.message;
  if (e instanceof TooLargeError) return `${mib(e.bytes)}, more than the ${mib(limit)} ${limit === MAX_IMPORT_BYTES ? "an imported history" : "an input file"} may hold`;
  const code = e.code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "it is a directory";
  if (code === "EACCES") return "permission denied";
  if (code === "ENOTDIR") return "a part of its path is a file";
  if (code === "ELOOP") return "a loop of symbolic links";
  return code ?? String(e);
}
async function readInputFile(file, cwd, limit = MAX_INPUT_BYTES) {
  let bytes;
  try {
    bytes = await readRegularFile(resolve4(cwd, file), limit);
  } catch (e) {
    if (e instanceof TooLargeError) {
      throw new InputError(
        `${file}: ${mib(e.bytes)} is more than the ${mib(limit)} an input file may hold; split the bench's output or keep fewer runs (a tool's own summary is enough)`
      );
    }
    if (e instanceof NotAFileError) throw new InputError(`${file}: cannot read (${e.message}); give the file the bench wrote`);
    if (e.code === "EISDIR") throw new InputError(`${file}: cannot read (it is a directory); give the records in it, like ${posix2.join(file.replace(/\\/g, "/"), "*.json")}`);
    throw new InputError(`${file}: cannot read (${readFailure(e, limit)}); the bench step may have exited 0 without writing it`);
  }
  return decodeText(bytes).replace(/^\uFEFF/, "");
}
function mib(bytes) {
  return `${Math.round(bytes / 1024 / 1024 * 10) / 10} MiB`;
}
async function loadRecords(patterns, cwd, format, options, input = "records") {
  return (await loadRecordFiles(patterns, cwd, format, options, input)).records;
}
async function loadRecordFiles(patterns, cwd, format, options, input = "records") {
  if (patterns.length === 0) throw new InputError(`${input}: no file given`);
  const files = await expandPatterns(patterns, cwd, input);
  const records = [];
  for (const file of files) records.push(...parseInput(file, await readInputFile(file, cwd), format, options));
  return { files, records };
}

// src/effects/git-failures.ts
var PushRaceError = class extends Error {
  name = "PushRaceError";
};
var PushRefusedError = class extends Error {
  name = "PushRefusedError";
};
var PushPermissionError = class extends PushRefusedError {
  name = "PushPermissionError";
};
var GitTransientError = class extends Error {
  name = "GitTransientError";
};
function isTransientPublishError(error) {
  return error instanceof PushRaceError || error instanceof GitTransientError;
}
function remoteWords(output) {
  const lines = output.split(/\r?\n/).map((l) => l.trim());
  const said = lines.filter((l) => /^remote:\s*\S/.test(l)).map((l) => l.replace(/^remote:\s*/, ""));
  const status = lines.map((l) => /^!\t[^\t]*\t(.*)$/.exec(l)?.[1] ?? (/\[(?:remote )?rejected\]/.test(l) ? l : void 0)).filter((l) => l !== void 0);
  const errors = lines.filter((l) => /^(?:error|fatal):/.test(l) && !/^error: failed to push some refs/.test(l));
  const words2 = [.../* @__PURE__ */ new Set([...said, ...status, ...errors])].map((l) => l.replace(/\s+/g, " "));
  return words2.join(" | ") || lines.filter((l) => l !== "").slice(-3).join(" | ");
}
var TOKEN_CURE = "check the github-token";
var PERMISSION = /returned error: 403|Permission to \S+ denied|permission denied to|Write access to repository not granted|denied to \S+\.|HTTP 403/i;
var AUTH = /returned error: 401|Authentication failed|could not read Username|terminal prompts disabled|Invalid username or (?:password|token)/i;
function tokenRefused(output) {
  return PERMISSION.test(output) || AUTH.test(output);
}
var RACE = /\[rejected\][^\n]*\((?:fetch first|non-fast-forward)\)|\[remote rejected\][^\n]*\((?:failed to update ref|cannot lock ref|failed to lock|incorrect old value)|cannot lock ref|failed to update ref/i;
var NETWORK = /no answer from the remote|RPC failed|returned error: 5\d\d|HTTP 5\d\d|Connection (?:reset|refused|timed out)|Could not resolve host|Operation timed out|Operation too slow|early EOF|unexpected disconnect|the remote end hung up unexpectedly|SSL_ERROR|gnutls_handshake|Failed to connect/i;
var CLIENT_ERROR = /returned error: 4(?!08|29)\d\d\b/;
var REDIRECT = /returned error: (30[12378])\b/;
function redirected(output, display) {
  const status = REDIRECT.exec(output)?.[1];
  if (status === void 0) return void 0;
  return `${display} answered with a redirect (HTTP ${status}), which benchtrend does not follow with the token, so that it never reaches another host; give repository as the address the repository has now`;
}
var NOT_SMART = /no DAV locking support|git-http-push failed/;
function lockInTheWay(message) {
  return /Unable to create '([^']+\.lock)': File exists/.exec(message)?.[1];
}
function classifyPushFailure(error, display, branch) {
  const out = error.output;
  const words2 = remoteWords(out);
  const moved = redirected(out, display);
  if (moved !== void 0) return new PushRefusedError(moved);
  if (NOT_SMART.test(out)) {
    return new PushRefusedError(`${display} did not answer as a git server (not git's smart HTTP protocol: a sign-in page or a proxy in front of it?), so nothing could be pushed: ${words2}; check the repository's address`);
  }
  if (PERMISSION.test(out)) return new PushPermissionError(`no permission to push to ${display} (${branch}): ${words2}`);
  if (AUTH.test(out)) return new PushRefusedError(`authentication to ${display} failed: ${words2}; ${TOKEN_CURE}`);
  if (RACE.test(out)) return new PushRaceError(`${branch} of ${display} moved while publishing: ${words2}`);
  if (/\[remote rejected\]/.test(out)) return new PushRefusedError(`${display} refused the push to ${branch}: ${words2}`);
  if (NETWORK.test(out) && !CLIENT_ERROR.test(out)) return new GitTransientError(`pushing to ${display} failed: ${words2}`);
  return new PushRefusedError(`pushing to ${display} (${branch}) failed: ${words2}`);
}
function classifyFetchFailure(error, display) {
  const out = error.output;
  const words2 = remoteWords(out);
  const moved = redirected(out, display);
  if (moved !== void 0) return new PushRefusedError(moved);
  if (tokenRefused(out)) return new PushRefusedError(`cannot read ${display}: ${words2}; ${TOKEN_CURE}`);
  if (NETWORK.test(out) && !CLIENT_ERROR.test(out)) return new GitTransientError(`fetching from ${display} failed: ${words2}`);
  return new Error(`fetching from ${display} failed: ${words2}`);
}

// src/effects/git-tree.ts
import { createHash } from "node:crypto";
function typeOf(mode) {
  return mode === "40000" ? "tree" : mode === "160000" ? "commit" : "blob";
}
function kindOf2(entry2) {
  return entry2.type === "tree" ? "a folder" : entry2.type === "commit" ? "a gitlink (submodule)" : "a file";
}
function parseTree(raw, oidBytes) {
  const out = [];
  let i = 0;
  while (i < raw.length) {
    const space = raw.indexOf(32, i);
    const nul = raw.indexOf(0, space);
    const mode = raw.subarray(i, space).toString("latin1");
    const name = Buffer.from(raw.subarray(space + 1, nul));
    const oid = raw.subarray(nul + 1, nul + 1 + oidBytes).toString("hex");
    out.push({ mode, type: typeOf(mode), oid, raw: name, name: name.toString("utf8") });
    i = nul + 1 + oidBytes;
  }
  return out;
}
function objectId(type, body) {
  return createHash("sha1").update(`${type} ${body.length}\0`).update(body).digest("hex");
}
function encodeTree(entries) {
  const key2 = (e) => e.type === "tree" ? Buffer.concat([e.raw, Buffer.from("/")]) : e.raw;
  const sorted2 = [...entries].sort((a, b) => Buffer.compare(key2(a), key2(b)));
  return Buffer.concat(sorted2.flatMap((e) => [Buffer.from(`${e.mode} `), e.raw, Buffer.from([0]), Buffer.from(e.oid, "hex")]));
}
function changesOf(files, removed = []) {
  const root = /* @__PURE__ */ new Map();
  const all = [...files, ...removed.map((path) => [path, null])];
  for (const [path, content] of all) {
    const parts = path.split("/");
    if (parts.some((p) => p === "" || p === "." || p === ".." || p === ".git")) throw new Error(`refusing to write the path ${JSON.stringify(path)}`);
    let node = root;
    for (const dir of parts.slice(0, -1)) {
      let next = node.get(dir);
      if (next === void 0 || next === null) node.set(dir, next = /* @__PURE__ */ new Map());
      if (!(next instanceof Map)) throw new Error(`${path}: ${dir} is both a file and a folder in one publish`);
      node = next;
    }
    node.set(parts[parts.length - 1], content === null ? null : typeof content === "string" ? Buffer.from(content, "utf8") : content);
  }
  return root;
}
var READ_AHEAD_TRAILER = "Benchtrend-Reads:";
var READ_AHEAD_MAX = 64;
var READ_AHEAD_KEEP = 3;
function readAheadOf(root, age, treeBody) {
  const levels2 = [[root]];
  const seen = /* @__PURE__ */ new Set([root]);
  let folders = [root];
  while (folders.length > 0) {
    const next = [];
    const deeper = [];
    for (const tree of folders) {
      const body = treeBody(tree);
      if (body === void 0) continue;
      for (const entry2 of parseTree(body, root.length / 2)) {
        if (seen.size >= READ_AHEAD_MAX) break;
        const n = entry2.type === "commit" || seen.has(entry2.oid) ? void 0 : age(entry2.oid);
        if (n === void 0 || n > READ_AHEAD_KEEP) continue;
        seen.add(entry2.oid);
        next.push(n === 0 ? entry2.oid : `${entry2.oid}~${n}`);
        if (entry2.type === "tree") deeper.push(entry2.oid);
      }
    }
    if (next.length > 0) levels2.push(next);
    folders = deeper;
  }
  return levels2;
}
function withReadAhead(message, levels2) {
  if (levels2.length === 0) return message;
  return `${message.replace(/\n*$/, "\n")}
${READ_AHEAD_TRAILER} ${levels2.map((l) => l.join(" ")).join(" / ")}
`;
}
function readAheadIn(commit, oidLength) {
  const none = { halves: [[], []], ages: /* @__PURE__ */ new Map() };
  const body = commit.indexOf("\n\n");
  if (body < 0) return none;
  const message = commit.slice(body + 2);
  const line = message.split("\n").find((l) => l.startsWith(`${READ_AHEAD_TRAILER} `));
  if (line === void 0) return none;
  const levels2 = line.slice(READ_AHEAD_TRAILER.length + 1).split(" / ").map((l) => l.split(" "));
  const shape = new RegExp(`^([0-9a-f]{${oidLength}})(?:~([1-9]))?$`);
  if (!levels2.every((l) => l.every((token) => shape.test(token)))) return none;
  const ages = /* @__PURE__ */ new Map();
  const halves = [[], []];
  levels2.forEach((level2, depth) => {
    for (const token of level2) {
      const [, oid, n] = shape.exec(token);
      if (ages.size >= READ_AHEAD_MAX || oid === void 0 || ages.has(oid)) continue;
      ages.set(oid, Number(n ?? 0));
      halves[depth % 2]?.push(oid);
    }
  });
  return { halves, ages };
}

// src/effects/gh-pages.ts
function fetchById(filter, oids) {
  return ["-c", "fetch.negotiationAlgorithm=noop", "fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--recurse-submodules=no", filter, "origin", ...oids];
}
var READ_AHEAD_NEW_FILE = 16 * 1024;
var NO_AUTO_MAINTENANCE = "[maintenance]\n	auto = false\n[gc]\n	auto = 0\n";
var PagesBranch = class _PagesBranch {
  constructor(dir, options) {
    this.dir = dir;
    this.options = options;
  }
  dir;
  options;
  /** Walks started by prefetchNewest and batches being fetched: settled before the folder goes. */
  background = /* @__PURE__ */ new Set();
  /**
   * performance.now() ms after which no fetch or push may still run: the publish's budget for a service that
   * keeps failing. Each network command is cut at the earlier of this and `timeoutMs`.
   */
  deadline;
  cache = /* @__PURE__ */ new Map();
  /**
   * Trees parsed, by id: a publish's check that every older chunk is listed walks the same few
   * folders once per chunk (about 400 at 100,000 commits), and a tree's id fixes its entries.
   */
  trees = /* @__PURE__ */ new Map();
  inflight = /* @__PURE__ */ new Map();
  present = /* @__PURE__ */ new Set();
  /** Objects a read asked for: what the next publish will ask for too (not what read-ahead merely brought). */
  used = /* @__PURE__ */ new Set();
  /** The ids the tip's trailer names, with how many publishes ago each was last read. */
  named = /* @__PURE__ */ new Map();
  pending = /* @__PURE__ */ new Map();
  scheduled = false;
  /** Requests to the remote made so far, for the log and the benchmark. */
  fetches = 0;
  /** `git cat-file` runs that read objects into the cache so far, for the same. */
  reads = 0;
  /** The remote command running now (settled either way); the next one starts after it. */
  lane = Promise.resolve();
  /**
   * A new, empty private repository whose only remote is the trend's. The remote's URL comes from
   * the environment, so a URL carrying credentials is not written into the repository's config.
   */
  static async open(options) {
    await mkdir(options.tempRoot, { recursive: true });
    await sweepStaleBranches(options.tempRoot);
    const dir = await claimBranchFolder(options.tempRoot);
    const branch = new _PagesBranch(dir, options);
    try {
      await branch.run(["init", "--quiet", "--bare", "--template=", dir]);
      await appendFile(join3(dir, "config"), NO_AUTO_MAINTENANCE);
    } catch (e) {
      await branch.dispose();
      throw e;
    }
    return branch;
  }
  /** Waits for every fetch still running (issue #15: an rmdir racing a fetch failed a publish that had landed). */
  async settle() {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }
  /**
   * Removes the temporary repository. Never throws: by now the publish has landed or failed on
   * its own account, and a folder left behind is swept by the next run.
   */
  async dispose() {
    await this.settle();
    try {
      await rm2(this.dir, { recursive: true, force: true, maxRetries: 3 });
      releaseBranchFolder(this.dir);
    } catch {
    }
  }
  track(promise2) {
    this.background.add(promise2);
    const done = () => this.background.delete(promise2);
    promise2.then(done, done);
    return promise2;
  }
  run(args, input) {
    return git(args, { cwd: this.dir, env: this.options.env, secrets: this.options.secrets, ...input !== void 0 ? { input } : {} });
  }
  /**
   * A command that talks to the remote: bounded by timeoutMs and the deadline, and one at a time.
   * The private repository is shallow, git rewrites its `shallow` file at the end of every fetch,
   * and a fetch that finds the file changed since it began dies ("shallow file has changed since
   * we read it": one of 32 concurrent publishers, when the prefetch walk and the planner's read
   * fetched at once).
   */
  remote(args) {
    const turn = this.lane.then(() => this.remoteNow(args));
    this.lane = turn.catch(() => {
    });
    return turn;
  }
  remoteNow(args) {
    const limits = [this.options.timeoutMs, this.deadline === void 0 ? void 0 : this.deadline - performance.now()].filter((v) => v !== void 0);
    const timeoutMs = limits.length > 0 ? Math.max(1, Math.min(...limits)) : void 0;
    return git(args, { cwd: this.dir, env: this.options.env, secrets: this.options.secrets, ...timeoutMs !== void 0 ? { timeoutMs } : {} });
  }
  /** The branch's tip, fetched shallow and without trees; undefined when the branch does not exist. */
  async fetchTip() {
    const { branch, display } = this.options;
    this.fetches++;
    try {
      await this.remote(["fetch", "--quiet", "--no-tags", "--depth=1", "--filter=tree:0", "origin", `+refs/heads/${branch}:refs/remotes/origin/${branch}`]);
    } catch (e) {
      if (!(e instanceof GitCommandError)) throw e;
      if (/couldn't find remote ref/i.test(e.output)) return void 0;
      throw classifyFetchFailure(e, display);
    }
    const [tip] = await this.readObjects(["--batch"], `refs/remotes/origin/${branch}
`);
    if (tip === void 0) throw new Error(`${display}: the tip of ${branch} was fetched but cannot be read`);
    this.present.add(tip);
    await this.readAhead(tip);
    return tip;
  }
  /**
   * Fetches, in two requests, what the tip's trailer names (READ_AHEAD_TRAILER): what the last
   * publishes read, so that the walk from the root finds it at hand instead of asking level by
   * level. A trailer naming objects the remote does not have (a commit written by hand, a history
   * rewritten) is ignored; any other failure is the remote's and is reported as the walk would
   * report it.
   */
  async readAhead(tip) {
    this.named = /* @__PURE__ */ new Map();
    const commit = this.cache.get(tip);
    if (commit === void 0) return;
    const ahead = readAheadIn(commit.toString("utf8"), tip.length);
    this.named = ahead.ages;
    for (const half of ahead.halves) {
      const oids = half.filter((oid) => !this.cache.has(oid));
      if (oids.length === 0) continue;
      this.fetches++;
      try {
        await this.remote(fetchById("--filter=tree:0", oids));
      } catch (e) {
        if (!(e instanceof GitCommandError)) throw e;
        if (/not our ref|unadvertised object|no such remote ref|did not send all necessary objects/i.test(e.output)) return;
        throw classifyFetchFailure(e, this.options.display);
      }
      try {
        await this.readObjects(["--batch"], `${oids.join("\n")}
`);
      } catch {
        return;
      }
      for (const oid of oids) this.present.add(oid);
    }
  }
  /** Contents of one object, fetched with the others asked for in the same turn. */
  object(oid, use = true) {
    if (use) this.used.add(oid);
    const hit = this.cache.get(oid);
    if (hit) return Promise.resolve(hit);
    const flying = this.inflight.get(oid);
    if (flying) return flying;
    const promise2 = new Promise((resolve6, reject) => {
      this.pending.set(oid, [{ resolve: resolve6, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.track(this.flush()));
      }
    });
    this.inflight.set(oid, promise2);
    void promise2.then(
      () => this.inflight.delete(oid),
      () => this.inflight.delete(oid)
    );
    return promise2;
  }
  async flush() {
    await this.lane;
    const batch = this.pending;
    this.pending = /* @__PURE__ */ new Map();
    this.scheduled = false;
    for (const [oid, waiters] of batch) {
      const body = this.cache.get(oid);
      if (!body) continue;
      for (const w of waiters) w.resolve(body);
      batch.delete(oid);
    }
    if (batch.size === 0) return;
    try {
      const missing = [...batch.keys()].filter((oid) => !this.present.has(oid));
      if (missing.length > 0) {
        this.fetches++;
        try {
          await this.remote(fetchById("--filter=tree:0", missing));
        } catch (e) {
          throw e instanceof GitCommandError ? classifyFetchFailure(e, this.options.display) : e;
        }
        for (const oid of missing) this.present.add(oid);
      }
      await this.readObjects(["--batch"], `${[...batch.keys()].join("\n")}
`);
      for (const [oid, waiters] of batch) {
        const body = this.cache.get(oid);
        for (const w of waiters) {
          if (body) w.resolve(body);
          else w.reject(new Error(`object ${oid} was not read`));
        }
      }
    } catch (e) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
    }
  }
  /**
   * Reads objects with `git cat-file` (`--batch` with their names as input, or `--batch-all-objects
   * --batch`) into the cache; returns their ids in the order read. promisor=false: a missing
   * object must fail here, not trigger git's lazy fetch, which would download its whole subtree.
   */
  async readObjects(args, input) {
    this.reads++;
    const out = (await this.run(["-c", "remote.origin.promisor=false", "cat-file", ...args], input)).stdout;
    const kept = [];
    let i = 0;
    while (i < out.length) {
      const eol = out.indexOf(10, i);
      const [oid, type, size] = out.subarray(i, eol).toString("latin1").split(" ");
      if (type === "missing" || oid === void 0) throw new Error(`object ${oid} is missing after fetching it from ${this.options.display}`);
      const body = out.subarray(eol + 1, eol + 1 + Number(size));
      this.cache.set(oid, Buffer.from(body));
      kept.push(oid);
      i = eol + 1 + Number(size) + 1;
    }
    return kept;
  }
  /**
   * Starts bringing a whole folder of the commit (path from the branch's root) in one request,
   * for a reader about to read all of it (a replay, `benchtrend history`): the walk fetches one
   * level per round trip, five for a trend's chunks, and a round trip to GitHub is a large part
   * of such a read. Reads made meanwhile wait for it and then find every object at hand. A
   * folder that does not exist is left alone; failures are left for the reads to report.
   */
  prefetchFolder(commit, path) {
    if (commit === void 0) return;
    const walk3 = async () => {
      const oid = await this.folderTree(commit, path);
      if (oid !== void 0) await this.wholeTree(oid);
    };
    this.track(walk3()).catch(() => {
    });
  }
  /** The tree of a folder of the commit (path from the branch's root); undefined when there is none. */
  async folderTree(commit, path) {
    let oid = await this.treeOfCommit(commit);
    for (const name of path.split("/").filter((p) => p !== "")) {
      const entry2 = (await this.tree(oid)).find((e) => e.name === name && e.type === "tree");
      if (!entry2) return void 0;
      oid = entry2.oid;
    }
    return oid;
  }
  /**
   * A tree with everything under it, fetched without the filter, and every object the private
   * repository then holds cached and marked present, in one turn of the lane: a batch that
   * waited for it finds nothing missing.
   */
  wholeTree(oid) {
    const turn = this.lane.then(async () => {
      this.fetches++;
      try {
        await this.remoteNow(fetchById("--no-filter", [oid]));
      } catch (e) {
        throw e instanceof GitCommandError ? classifyFetchFailure(e, this.options.display) : e;
      }
      for (const held of await this.readObjects(["--batch-all-objects", "--batch"])) this.present.add(held);
    });
    this.lane = turn.catch(() => {
    });
    return turn;
  }
  async treeOfCommit(commit) {
    const raw = (await this.object(commit)).toString("utf8");
    const m = /^tree ([0-9a-f]+)$/m.exec(raw);
    if (!m) throw new Error(`commit ${commit} has no tree`);
    return m[1];
  }
  async tree(oid) {
    let entries = this.trees.get(oid);
    if (entries === void 0) {
      entries = parseTree(await this.object(oid), oid.length / 2);
      this.trees.set(oid, entries);
    }
    return entries;
  }
  /**
   * A file of the commit (path from the branch's root), or undefined when it does not exist.
   * `once`: a file read for this publish alone (a github-action-benchmark data.js being
   * imported, megabytes that no later publish reads), so the trailer does not name it.
   * `maxBytes`: a file larger is refused with a TooLargeError from its size, before its bytes are
   * read into memory (a data.js of a gigabyte was read whole, up to git's output bound).
   */
  async readFile(commit, path, once = false, maxBytes) {
    if (commit === void 0) return void 0;
    let oid = await this.treeOfCommit(commit);
    const parts = path.split("/").filter((p) => p !== "");
    for (const [i, name] of parts.entries()) {
      const entry2 = (await this.tree(oid)).find((e) => e.name === name);
      if (!entry2) return void 0;
      const last = i === parts.length - 1;
      const where2 = `${this.options.branch}:${parts.slice(0, i + 1).join("/")}`;
      if (last && entry2.type !== "blob") throw new TrendDataError(`${where2}: ${kindOf2(entry2)} where a file was expected; refusing to publish over it`);
      if (!last && entry2.type !== "tree") throw new TrendDataError(`${where2}: ${kindOf2(entry2)} where a folder was expected; refusing to publish over it`);
      oid = entry2.oid;
    }
    if (maxBytes !== void 0 && !this.cache.has(oid)) {
      const size = await this.objectSize(oid);
      if (size > maxBytes) throw new TooLargeError(size);
    }
    return this.object(oid, !once);
  }
  /** The size of an object, fetched first when absent, read without its bytes (`cat-file --batch-check`). */
  async objectSize(oid) {
    if (!this.present.has(oid)) {
      this.fetches++;
      try {
        await this.remote(fetchById("--filter=tree:0", [oid]));
      } catch (e) {
        throw e instanceof GitCommandError ? classifyFetchFailure(e, this.options.display) : e;
      }
      this.present.add(oid);
    }
    const line = (await this.run(["-c", "remote.origin.promisor=false", "cat-file", "--batch-check"], `${oid}
`)).stdout.toString("latin1").trim();
    const [, type, size] = line.split(" ");
    if (type === void 0 || type === "missing" || size === void 0) throw new Error(`object ${oid} is missing after fetching it from ${this.options.display}`);
    return Number(size);
  }
  /**
   * Whether the commit holds anything at `path` (from the branch's root), from the trees alone: the
   * file itself is not fetched. Something else than a file there counts, since writing a file
   * over it would fail the publish.
   */
  async hasFile(commit, path) {
    if (commit === void 0) return false;
    const parts = path.split("/").filter((p) => p !== "");
    const name = parts.pop();
    const folder = await this.folderTree(commit, parts.join("/"));
    if (folder === void 0 || name === void 0) return false;
    return (await this.tree(folder)).some((e) => e.name === name);
  }
  /**
   * Starts loading the trees down the newest entries under `path` (names sort by age in this
   * layout), so the walk the planner is about to make shares round trips with the manifest's.
   * Failures are left for the real read to report.
   */
  prefetchNewest(commit, path, depth) {
    if (commit === void 0) return;
    const walk3 = async () => {
      let oid = await this.folderTree(commit, path);
      if (oid === void 0) return;
      for (let level2 = 0; level2 < depth; level2++) {
        const newest = (await this.tree(oid)).filter((e) => e.type === "tree").sort((a, b) => Buffer.compare(a.raw, b.raw)).pop();
        if (!newest) return;
        oid = newest.oid;
      }
      await this.tree(oid);
    };
    this.track(walk3()).catch(() => {
    });
  }
  /**
   * A commit on top of `parent` (or an orphan when the branch is new) with `files` (paths from the
   * branch's root) written; every other file is kept as it is. Object ids are computed here and
   * every new object is written by two hash-object processes, which check them. `removed` paths
   * (files or folders) are taken out of the tree; a folder left empty goes with them.
   */
  async commitFiles(parent, files, message, removed = []) {
    const changes = changesOf(files, removed);
    const blobs = /* @__PURE__ */ new Map();
    const trees = /* @__PURE__ */ new Map();
    const base = parent === void 0 ? void 0 : await this.treeOfCommit(parent);
    const successors = /* @__PURE__ */ new Map();
    const root = await this.buildTree(base, changes, "", blobs, trees, successors) ?? this.emptyTree(trees);
    await this.writeObjects("blob", blobs);
    await this.writeObjects("tree", trees);
    const age = (oid) => {
      if (this.used.has(oid)) return 0;
      const written = successors.get(oid);
      if (written !== void 0) return written;
      const before = this.named.get(oid);
      return before === void 0 ? void 0 : before + 1;
    };
    const ahead = readAheadOf(root, age, (oid) => this.cache.get(oid));
    const { name, email } = this.options.identity;
    const args = ["-c", `user.name=${name}`, "-c", `user.email=${email}`, "-c", "commit.gpgSign=false", "commit-tree", root];
    if (parent !== void 0) args.push("-p", parent);
    const commit = (await this.run([...args, "-F", "-"], withReadAhead(message, ahead))).stdout.toString("utf8").trim();
    this.present.add(commit);
    return commit;
  }
  /**
   * The tree `base` with `changes` made, its new objects added to `blobs` and `trees`. What the
   * next publish will likely read goes into `successors`, with the age its trailer gives it
   * (READ_AHEAD_TRAILER): 0 for a new object that takes the place of one this publish read and for
   * a new folder inside a folder it wrote into; READ_AHEAD_KEEP, named once and dropped unless
   * the next publish reads it, for a new small file there (the next block of the regression
   * state; a new chunk too, a few KB where a round trip saved is worth more). The files of a new
   * folder (an import's history) and a large new file (the page's script) stay out.
   */
  async buildTree(base, changes, path, blobs, trees, successors) {
    const entries = /* @__PURE__ */ new Map();
    for (const e of base === void 0 ? [] : await this.tree(base)) entries.set(e.name, e);
    await Promise.all(
      [...changes].map(async ([name, change]) => {
        const existing = entries.get(name);
        const where2 = `${this.options.branch}:${path}${name}`;
        const raw = Buffer.from(name, "utf8");
        if (change === null) {
          entries.delete(name);
        } else if (change instanceof Map) {
          if (existing && existing.type !== "tree") throw new Error(`${where2} is ${kindOf2(existing)} where benchtrend needs a folder`);
          const oid2 = await this.buildTree(existing?.oid, change, `${path}${name}/`, blobs, trees, successors);
          if (oid2 === void 0) entries.delete(name);
          else entries.set(name, { mode: "40000", type: "tree", oid: oid2, raw, name });
          if (oid2 !== void 0 && (existing ? this.used.has(existing.oid) : base !== void 0)) successors.set(oid2, 0);
        } else {
          if (existing && existing.type !== "blob") throw new Error(`${where2} is ${kindOf2(existing)} where benchtrend writes a file`);
          const oid2 = objectId("blob", change);
          blobs.set(oid2, change);
          if (existing && this.used.has(existing.oid)) successors.set(oid2, 0);
          else if (!existing && base !== void 0 && change.length <= READ_AHEAD_NEW_FILE) successors.set(oid2, READ_AHEAD_KEEP);
          entries.set(name, { mode: "100644", type: "blob", oid: oid2, raw, name });
        }
      })
    );
    if (entries.size === 0) return void 0;
    const body = encodeTree(entries.values());
    const oid = objectId("tree", body);
    trees.set(oid, body);
    this.cache.set(oid, body);
    return oid;
  }
  emptyTree(trees) {
    const body = Buffer.alloc(0);
    const oid = objectId("tree", body);
    trees.set(oid, body);
    return oid;
  }
  /** Writes objects with one hash-object process and checks git computed the same ids. */
  async writeObjects(type, objects) {
    if (objects.size === 0) return;
    const dir = await mkdtemp2(join3(this.dir, `new-${type}-`));
    try {
      const oids = [...objects.keys()];
      const paths = oids.map((oid) => join3(dir, oid));
      await mapLimit(oids, FILE_CONCURRENCY, (oid, i) => writeFile2(paths[i], objects.get(oid)));
      const out = (await this.run(["hash-object", "-w", "--no-filters", "-t", type, "--stdin-paths"], `${paths.join("\n")}
`)).stdout.toString("utf8");
      const written = out.split("\n").filter((l) => l !== "");
      if (written.join() !== oids.join()) throw new Error(`git computed other ${type} ids than benchtrend: ${written.join(" ")} for ${oids.join(" ")}`);
      for (const oid of oids) this.present.add(oid);
    } finally {
      await rm2(dir, { recursive: true, force: true });
    }
  }
  /** Pushes `commit` to the branch as a fast-forward; never forced. */
  async push(commit) {
    const { branch, display } = this.options;
    try {
      await this.remote(["-c", `core.hooksPath=${join3(this.dir, "no-hooks")}`, "push", "--porcelain", "origin", `${commit}:refs/heads/${branch}`]);
    } catch (e) {
      throw e instanceof GitCommandError ? classifyPushFailure(e, display, branch) : e;
    }
  }
};

// src/jobs/publish.ts
var PUBLISH_EVENTS = ["push", "workflow_dispatch", "schedule"];
function notPublishing(eventName, payload) {
  if (eventName === "workflow_run") return "A workflow_run event does not publish in mode publish; give it mode: merge, which publishes the triggering run's collected points (or comments them on its pull request)";
  if (!PUBLISH_EVENTS.includes(eventName)) return `A ${eventName} event does not publish; push, workflow_dispatch and schedule do`;
  const push = typeof payload === "object" && payload !== null ? payload : {};
  if (eventName === "push" && push.deleted === true) {
    const ref = typeof push.ref === "string" && push.ref !== "" ? push.ref : "its ref";
    return `A push that deleted ${ref} does not publish: its run is at the default branch's tip, a commit that was not pushed`;
  }
  return void 0;
}
function publishesOn(eventName, payload) {
  return notPublishing(eventName, payload) === void 0;
}
function publishSecrets(serverUrl, token) {
  return token ? [...tokenAuth(serverUrl, token).secrets] : [];
}
function normaliseDataDir(dataDir) {
  if (/^(?:[\\/]|[A-Za-z]:[\\/])/.test(dataDir)) {
    const relative4 = dataDir.replace(/^(?:[A-Za-z]:)?[\\/]*/, "").replace(/\\/g, "/");
    throw new InputError(
      `data-dir: ${JSON.stringify(dataDir)} is an absolute path, but it names a folder of the branch, from its root, not one on this machine; give it without the leading ${/^[A-Za-z]:/.test(dataDir) ? "drive" : "/"}${relative4 === "" ? ", like dev/bench" : `: ${JSON.stringify(relative4)}`}`
    );
  }
  const parts = dataDir.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
  if (parts.some((p) => p === "..")) throw new InputError(`data-dir: ${JSON.stringify(dataDir)} leaves the branch; give a folder inside it, like dev/bench`);
  if (parts.some((p) => /^\.git[. ]*$|^git~1$/i.test(p))) {
    throw new InputError(`data-dir: ${JSON.stringify(dataDir)} names git's own folder (.git, in any case), which no checkout can hold; give a folder like dev/bench`);
  }
  const control = /[\u0000-\u001f\u007f]/u.exec(dataDir);
  if (control) throw new InputError(`data-dir: ${JSON.stringify(dataDir)} holds a control character (${JSON.stringify(control[0])}); give a folder name on one line, like dev/bench`);
  return parts.join("/");
}
function checkBranch(branch) {
  if (/^refs\//.test(branch)) {
    throw new InputError(`gh-pages-branch: ${JSON.stringify(branch)} is a ref, not a branch name; give the name alone, like ${JSON.stringify(branch.replace(/^refs\/(?:heads\/)?/, ""))}`);
  }
  if (!/^(?!-)(?!\/)(?!@$)(?!.*\.\.)(?!.*\/\/)(?!.*@\{)(?!(?:.*\/)?\.)(?!.*\.lock(?:\/|$))[^\u0000-\u0020\u007f~^:?*[\\\ud800-\udfff]+(?<![./])$/u.test(branch)) {
    throw new InputError(`gh-pages-branch: ${JSON.stringify(branch)} is not a branch name git accepts`);
  }
  return branch;
}
function resolveTrendTarget(target, access2) {
  const dataDir = normaliseDataDir(target.dataDir);
  const branchName = checkBranch(target.branch);
  const remote = resolveRemote(target.repository, {
    serverUrl: access2.serverUrl,
    ...access2.currentRepository !== void 0 ? { currentRepository: access2.currentRepository } : {},
    cwd: access2.cwd,
    isLocalPath: (p) => existsSync2(resolve5(access2.cwd, p))
  });
  return { dataDir, branchName, remote };
}
async function openTrend(target, access2, identity2, bounds) {
  const { dataDir, branchName, remote } = resolveTrendTarget(target, access2);
  const { url, auth } = remoteAuth(access2.serverUrl, remote.url, target.token);
  const stall = String(Math.max(1, Math.ceil(bounds.requestMs / 1e3)));
  const branch = await PagesBranch.open({
    remote: url,
    display: remote.display,
    branch: branchName,
    env: gitEnv(access2.env, auth, { "remote.origin.url": url, "http.lowSpeedLimit": "1000", "http.lowSpeedTime": stall }),
    secrets: [...auth?.secrets ?? [], ...target.token ? tokenAuth(access2.serverUrl, target.token).secrets : [], ...urlSecrets(remote.url)],
    tempRoot: access2.tempRoot,
    identity: identity2,
    timeoutMs: bounds.requestMs
  });
  return { branch, remote, branchName, dataDir, location: `${branchName}:${dataDir || "."}`, under: (path) => dataDir === "" ? path : `${dataDir}/${path}` };
}
function withNote(points, raw) {
  const note = raw === void 0 ? "" : noteText(raw);
  if (!note) return points;
  return points.map((p) => ({ ...p, extra: p.extra ? `${p.extra} ${note}` : note }));
}
function shortList(items, noun) {
  return items.length <= 3 ? items.join(", ") : `${items.length} ${noun}`;
}
function segmentRange(added) {
  const first = added[0]?.seq ?? 0;
  const last = added[added.length - 1]?.seq ?? first;
  return first === last ? `${first}` : `${first}-${last}`;
}
function commitMessage(groups, plans, plan) {
  const count = (p) => p.added.reduce((n, s) => n + (s.imported ? 0 : s.points.length), 0);
  const suites = [...new Set(groups.map((g) => g.suite))];
  const shas = [...new Set(groups.map((g) => g.commit.sha.slice(0, 7)))];
  const what = `${shortList(suites, "suites")} at ${shortList(shas, "commits")}`;
  const head = plan.imported ? `benchtrend: import ${plan.imported.entries} github-action-benchmark entries and ${what}` : `benchtrend: ${what} (${count(plan)} points)`;
  const runs2 = [...new Set(groups.flatMap((g) => g.runUrl !== void 0 ? [g.runUrl] : []))];
  const lines = [`Segment${plan.added.length > 1 ? "s" : ""} ${segmentRange(plan.added)} of the trend.`];
  if (groups.length > 1) {
    groups.forEach((g, i) => {
      const p = plans[i];
      if (p) lines.push(`  ${g.suite} at ${g.commit.sha.slice(0, 7)}: segment${p.added.length > 1 ? "s" : ""} ${segmentRange(p.added)}, ${count(p)} points`);
    });
  }
  for (const url of runs2) lines.push(`Run: ${url}`);
  return `${head}

${lines.join("\n")}
`;
}
async function publishGroups(settings, ctx, hooks = {}) {
  const log2 = hooks.log ?? (() => {
  });
  if (settings.maxAttempts !== void 0 && (!Number.isInteger(settings.maxAttempts) || settings.maxAttempts < 1)) {
    throw new InputError(`max-attempts: ${JSON.stringify(settings.maxAttempts)} is not a whole number of at least 1`);
  }
  if (ctx.groups.length === 0) throw new InputError("nothing to publish: no group of points was given");
  const page = hooks.pageAssets ? await hooks.pageAssets() : void 0;
  const derive = hooks.alerts;
  let onJudged = (_ms) => {
  };
  const alerts = derive ? async (context2) => {
    const started = performance.now();
    try {
      return await derive(context2);
    } catch (e) {
      if (e instanceof TrendDataError) throw e;
      (hooks.warn ?? log2)(`alerts not updated: ${e instanceof Error ? e.message : String(e)}`);
      return context2.previous;
    } finally {
      onJudged(performance.now() - started);
    }
  } : void 0;
  const groups = ctx.groups.map((g) => ({ ...g, points: withNote(g.points, settings.note) }));
  const bounds = ctx.bounds ?? DEFAULT_BOUNDS;
  const { branch, remote, branchName, dataDir, location, under } = await openTrend(settings, ctx, settings.identity ?? BOT_IDENTITY, bounds);
  onJudged = (ms) => {
    if (branch.deadline !== void 0) branch.deadline += ms;
  };
  try {
    const total = groups.reduce((n, g) => n + g.points.length, 0);
    const only = groups.length === 1 ? groups[0] : void 0;
    let announced2 = false;
    const bringing = (imported) => {
      const read = imported !== "unread" ? imported : settings.importFrom !== void 0 ? { entries: void 0 } : void 0;
      const entries = read ? `${read.entries !== void 0 ? `${read.entries} ` : ""}github-action-benchmark entries from ${settings.importFrom ?? "data.js"}` : "";
      const importing = read ? `, importing ${entries},` : "";
      if (read && total === 0) return { importOnly: true, what: entries };
      return {
        importOnly: false,
        what: only ? `${total} points of suite "${only.suite}" at ${only.commit.sha.slice(0, 7)}${importing}` : `${total} points of ${groups.length} groups (${groups.map((g) => `${g.suite} at ${g.commit.sha.slice(0, 7)}`).join(", ")})${importing} in one commit`
      };
    };
    let lastImported = "unread";
    const announce = (imported) => {
      if (announced2) return;
      announced2 = true;
      const { importOnly, what } = bringing(imported);
      log2(`${importOnly ? "Importing" : "Publishing"} ${what} to ${remote.display} (${location})`);
    };
    let attempts = 0;
    let failingSince;
    let lastNetwork;
    let lastAttemptMs = 0;
    const started = performance.now();
    const attemptOnce = async (attempt) => {
      attempts = attempt;
      const attemptStart = performance.now();
      await branch.settle();
      branch.deadline = (failingSince ?? attemptStart) + bounds.budgetMs;
      const cut = branch.deadline - attemptStart < bounds.requestMs;
      try {
        return await attemptPublish();
      } catch (e) {
        lastAttemptMs = performance.now() - attemptStart;
        if (e instanceof GitTransientError) {
          failingSince ??= attemptStart;
          if (cut && lastNetwork !== void 0 && /no answer from the remote/.test(e.message)) throw lastNetwork;
          lastNetwork = e;
        } else if (e instanceof PushRaceError) failingSince = void 0;
        throw e;
      }
    };
    const stillTransient = (e) => isTransientPublishError(e) && !(e instanceof GitTransientError && failingSince !== void 0 && bounds.budgetMs - (performance.now() - failingSince) < Math.min(1e3, bounds.budgetMs / 4));
    const attemptPublish = async () => {
      {
        const tip = await branch.fetchTip();
        branch.prefetchNewest(tip, under("data/seg"), 2);
        branch.prefetchNewest(tip, under("data/roll/1"), 1);
        branch.prefetchNewest(tip, under("data/roll/2"), 1);
        branch.prefetchNewest(tip, under("data/c/0"), 1);
        branch.prefetchNewest(tip, under("data/r"), 1);
        let waiting = 0;
        let waitingSince = 0;
        let inFlight = 0;
        const read = async (path) => {
          if (inFlight++ === 0) waitingSince = performance.now();
          try {
            return (await branch.readFile(tip, under(path)))?.toString("utf8");
          } finally {
            if (--inFlight === 0) waiting += performance.now() - waitingSince;
          }
        };
        const importFrom = settings.importFrom;
        const planning = performance.now();
        let judging = 0;
        const judged2 = onJudged;
        onJudged = (ms) => {
          judging += ms;
          judged2(ms);
        };
        const described = describedRepository(ctx.serverUrl, ctx.currentRepository, remote);
        const plan2 = await planGroups(
          read,
          {
            publishedAt: ctx.publishedAt,
            ...described !== void 0 ? { repository: described } : {},
            ...settings.annotations !== void 0 ? { annotations: settings.annotations } : {},
            ...page !== void 0 ? { page, exists: (path) => branch.hasFile(tip, under(path)) } : {},
            ...importFrom !== void 0 ? { import: { from: importFrom, read: () => readImport(branch, tip, importFrom, ctx.cwd, settings.branch), ...settings.directionOverrides?.length ? { directionOverrides: settings.directionOverrides } : {} } } : {},
            ...alerts !== void 0 ? { alerts } : {},
            location
          },
          groups
        ).finally(() => {
          onJudged = judged2;
        });
        if (branch.deadline !== void 0) branch.deadline += Math.max(0, performance.now() - planning - waiting - judging);
        checkWrittenFiles(plan2.files, location);
        const holes2 = plan2.previous ? await missingRollups((path) => branch.hasFile(tip, under(path)), location, plan2.previous) : [];
        lastImported = plan2.imported;
        announce(plan2.imported);
        const files = new Map([...plan2.files].map(([path, content]) => [under(path), content]));
        const commit2 = await branch.commitFiles(tip, files, commitMessage(plan2.groups, plan2.plans, plan2), plan2.removed.map(under));
        await branch.push(commit2);
        return { plan: plan2, commit: commit2, holes: holes2 };
      }
    };
    let landed;
    try {
      landed = await retryWithBackoff(attemptOnce, stillTransient, {
        ...settings.maxAttempts !== void 0 ? { attempts: settings.maxAttempts } : {},
        budgetMs: bounds.raceBudgetMs,
        baseMs: hooks.retryBaseMs ?? (() => Math.max(500, lastAttemptMs)),
        // Up to 10 s, or eight attempts' time when attempts take longer. 32 racers on a slower
        // 2-core machine made each attempt take about 24 s; with every wait under 10 s they kept
        // attempting all at once, one landed per round, and 18 gave up after 5 minutes (issue
        // 15's 32 over smart HTTP). Waits that can grow past an attempt's time let them take
        // turns: all 32 landed in 216 s with four attempts' time, in 179 s with eight.
        // A remote that keeps failing has the network budget from its first failure, waits included:
        // a wait drawn for a race (10 s, 160 s after a cut 20 s attempt) took a publish past it.
        // Half of what is left, as the race budget's rule, so a real attempt still fits after it.
        maxMs: () => {
          const racing = Math.max(1e4, 8 * lastAttemptMs);
          if (failingSince === void 0) return racing;
          return Math.max(0, Math.min(racing, (bounds.budgetMs - (performance.now() - failingSince)) / 2));
        },
        ...hooks.sleep ? { sleep: hooks.sleep } : {},
        ...hooks.random ? { random: hooks.random } : {},
        onRetry: (attempt, error, wait) => {
          announce("unread");
          log2(`Attempt ${attempt} did not land (${error instanceof Error ? error.message : String(error)}); trying again in ${wait} ms`);
        }
      });
    } catch (e) {
      const tried = seconds(performance.now() - started);
      if (!(e instanceof InputError || e instanceof RetriesExhaustedError || e instanceof GitTransientError || e instanceof PushRaceError)) {
        const { importOnly, what } = bringing(lastImported);
        log2(`Not ${importOnly ? "imported" : "published"}: ${what.replace(/,$/, "")}; the trend on ${remote.display} (${location}) is untouched`);
      }
      if (e instanceof RetriesExhaustedError || e instanceof GitTransientError || e instanceof PushRaceError) announce("unread");
      if (e instanceof RetriesExhaustedError && e.last instanceof PushRaceError) {
        const lock = lockInTheWay(e.last.message);
        if (lock !== void 0) {
          throw new PushRaceError(
            `${e.message}. The last push found ${lock} in its way after ${tried} of trying: unless a push there is under way, a git process stopped while updating the branch left it; remove it from the remote repository and publish again`
          );
        }
        throw new PushRaceError(
          `${e.message}. Other publishers kept landing first for ${tried}; with this many concurrent jobs, give each one mode: collect and publish them all from one mode: merge job (docs/scale-out.md)`
        );
      }
      if (e instanceof GitTransientError || e instanceof RetriesExhaustedError && e.last instanceof GitTransientError) {
        const last = e instanceof RetriesExhaustedError ? e.last : e;
        throw new GitTransientError(`${last.message} (gave up after ${attempts} attempt${attempts === 1 ? "" : "s"} in ${tried})`);
      }
      throw e;
    }
    const { plan, commit, holes } = landed;
    for (const w of [...plan.warnings, ...holes]) (hooks.warn ?? log2)(w);
    log2(`Published ${commit} to ${branchName} after ${attempts} attempt${attempts === 1 ? "" : "s"}: segment${plan.added.length > 1 ? "s" : ""} ${segmentRange(plan.added)}, ${plan.files.size} files, ${branch.fetches} fetch${branch.fetches === 1 ? "" : "es"}`);
    const { plans, groups: _groups, ...whole } = plan;
    return { commit, remote: remote.display, branch: branchName, dataDir, attempts, plan: whole, plans };
  } finally {
    await branch.dispose();
  }
}
async function readTrend(target, access2, fn, options = {}) {
  const bounds = access2.bounds ?? DEFAULT_BOUNDS;
  const { branch, location, under } = await openTrend(target, access2, BOT_IDENTITY, bounds);
  branch.deadline = performance.now() + bounds.budgetMs;
  try {
    const tip = await branch.fetchTip();
    if (options.wholeHistory) branch.prefetchFolder(tip, under(CHUNK_FOLDER));
    return await fn(async (path) => (await branch.readFile(tip, under(path)))?.toString("utf8"), location, tip);
  } finally {
    await branch.dispose();
  }
}
async function readImport(branch, tip, from, cwd, branchName) {
  const path = posix3.normalize(from).replace(/^(?:\.?\/)+/, "");
  let onBranch;
  try {
    onBranch = await branch.readFile(tip, path, true, MAX_IMPORT_BYTES);
  } catch (e) {
    if (e instanceof TooLargeError) throw new InputError(`import-from: ${JSON.stringify(path)} on branch ${branchName}: ${readFailure(e, MAX_IMPORT_BYTES)}`);
    throw e;
  }
  if (onBranch !== void 0) return onBranch.toString("utf8");
  try {
    return (await readRegularFile(resolve5(cwd, from), MAX_IMPORT_BYTES)).toString("utf8");
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new InputError(`import-from: ${JSON.stringify(from)} is neither a file on the branch nor a readable local file`);
    throw new InputError(`import-from: ${JSON.stringify(from)} is not a file on the branch, and the local file cannot be read (${readFailure(e, MAX_IMPORT_BYTES)})`);
  }
}

// src/core/workflow-run.ts
var obj = (v) => v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
var str = (v) => typeof v === "string" && v !== "" ? v : void 0;
function runPullRequest(value, repository) {
  const pr = obj(value);
  const number = pr?.["number"];
  if (!pr || typeof number !== "number" || !Number.isSafeInteger(number) || number < 1) return void 0;
  const head = obj(pr["head"]);
  const base = obj(pr["base"]);
  const sha = str(head?.["sha"]);
  if (sha === void 0 || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) return void 0;
  const baseRepo = obj(base?.["repo"]);
  const baseName = str(baseRepo?.["full_name"]) ?? /\/repos\/([^/]+\/[^/]+)$/.exec(str(baseRepo?.["url"]) ?? "")?.[1];
  if (repository !== void 0 && baseName !== void 0 && baseName.toLowerCase() !== repository.toLowerCase()) return void 0;
  return { number, head: sha, base: str(base?.["ref"]) ?? "main" };
}
function workflowRunFromEvent(payload, repository) {
  const run = obj(payload["workflow_run"]);
  if (!run) return void 0;
  const runId = run["id"];
  const headSha = str(run["head_sha"]);
  if (typeof runId !== "number" || !Number.isSafeInteger(runId) || runId < 1 || headSha === void 0) return void 0;
  const headRepo = obj(run["head_repository"]);
  const pulls = Array.isArray(run["pull_requests"]) ? run["pull_requests"] : [];
  return {
    runId,
    event: str(run["event"]) ?? "",
    headSha,
    headBranch: str(run["head_branch"]),
    headRepository: str(headRepo?.["full_name"]),
    headOwner: str(obj(headRepo?.["owner"])?.["login"]),
    pullRequests: pulls.map((p) => runPullRequest(p, repository)).filter((p) => p !== void 0)
  };
}

// src/effects/github-api.ts
function commentLogLine(outcome) {
  const what = outcome.what ? outcome.what.charAt(0).toUpperCase() + outcome.what.slice(1) : "Comment";
  const done = outcome.action === "skipped" ? "nothing to write (no comment there to update, or nothing of it changed)" : outcome.action === "unchanged" ? "already up to date" : outcome.action;
  return `${what}: ${done}${outcome.url ? ` (${outcome.url})` : ""}`;
}
function httpError(error) {
  return typeof error === "object" && error !== null ? error : {};
}
function header(error, name) {
  const v = httpError(error).response?.headers?.[name];
  return v === void 0 ? void 0 : String(v);
}
function isRateLimited(error) {
  const status = httpError(error).status;
  if (status === 429) return true;
  if (status !== 403) return false;
  return header(error, "retry-after") !== void 0 || header(error, "x-ratelimit-remaining") === "0" || /secondary rate limit/i.test(httpError(error).message ?? "");
}
function isTransientApiError(error) {
  const status = httpError(error).status;
  if (status === void 0) return false;
  if (status === 0) return true;
  if (status >= 500) return true;
  return isRateLimited(error);
}
function rateLimitWaitMs(error, now) {
  const retryAfter = header(error, "retry-after")?.trim();
  const after = Number(retryAfter);
  if (retryAfter !== void 0 && retryAfter !== "" && Number.isFinite(after) && after >= 0) return after * 1e3;
  const at = retryAfter ? Date.parse(retryAfter) : NaN;
  if (Number.isFinite(at)) return Math.max(0, at - now);
  const reset = Number(header(error, "x-ratelimit-reset"));
  if (header(error, "x-ratelimit-remaining") === "0" && Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1e3 - now);
  return 6e4;
}
function unreadableAnswer(method, url, status, data, timedOut, timeoutMs) {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
  }
  const what = `${method} ${path}`;
  if (timedOut) return Object.assign(new Error(`${what} answered ${status} but did not send its whole body within ${seconds(timeoutMs)}`), { status: 0 });
  if (data === "" || data === void 0) return Object.assign(new Error(`${what} answered ${status} with an empty or cut-short body where JSON was expected`), { status: 0 });
  const text2 = typeof data === "string" ? data : `${data instanceof ArrayBuffer ? data.byteLength : 0} bytes of binary data`;
  return new Error(`${what} answered ${status} with a body that is not JSON: ${JSON.stringify(text2.slice(0, 80))}${text2.length > 80 ? " \u2026" : ""}`);
}
function apiClient(token, baseUrl, timeoutMs) {
  const octokit = getOctokit(token, { baseUrl: baseUrl.replace(/\/+$/, "") });
  octokit.hook.wrap("request", async (request, endpoint) => {
    const ms = timeoutMs();
    const signal = AbortSignal.timeout(ms);
    endpoint.request = { ...endpoint.request, signal };
    const response = await request(endpoint);
    if (response.status !== 204 && (typeof response.data !== "object" || response.data === null || response.data instanceof ArrayBuffer)) {
      throw unreadableAnswer(endpoint.method, response.url, response.status, response.data, signal.aborted, ms);
    }
    return response;
  });
  return octokit;
}
var RateLimitExceeded = class extends Error {
  name = "RateLimitExceeded";
};
async function waitOutRateLimit(error, now, remainingMs, budgetMs, sleep) {
  if (!isRateLimited(error)) return;
  const wait = rateLimitWaitMs(error, now);
  if (wait <= 0) return;
  if (wait >= remainingMs) throw new RateLimitExceeded(`rate limited by the GitHub API for another ${seconds(wait)}, longer than the ${seconds(budgetMs)} benchtrend waits`);
  await sleep(wait);
}
function hint(status, what) {
  if (status === 401) return "the token was refused; check github-token";
  if (status === 403 && what === "fork-pull-request") {
    return 'a pull request from a fork gets a read-only token whatever the workflow asks for: comment from a workflow_run job instead (README, "Pull requests from forks")';
  }
  if (status === 403 || status === 404) {
    return what === "commit" ? "the token may lack permission: give the workflow `permissions: contents: write` for commit comments" : "the token may lack permission: give the workflow `permissions: pull-requests: write` for pull-request comments";
  }
  return "";
}
function apiErrorText(text2, token, max = 300) {
  const line = (token ? text2.split(token).join("***") : text2).replace(/[\r\n]+/g, " ");
  if (line.length <= max) return line;
  const head = line.slice(0, max);
  const sentence = head.lastIndexOf(". ");
  const cut = sentence > max / 2 ? sentence + 1 : Math.max(head.lastIndexOf(" "), max / 2);
  return `${head.slice(0, cut).trimEnd()} \u2026`;
}
var GitHubComments = class {
  octokit;
  owner;
  repo;
  options;
  requests = 0;
  /** The login a personal access token acts as (null: the token is an app's, GITHUB_TOKEN's); asked once. */
  self;
  /** Epoch ms: set by the first request, the end of the budget. */
  deadline;
  constructor(options) {
    const [owner, repo, ...rest] = options.repository.split("/");
    if (!owner || !repo || rest.length > 0) throw new Error(`repository ${JSON.stringify(options.repository)} is not owner/name`);
    this.owner = owner;
    this.repo = repo;
    this.options = options;
    this.octokit = apiClient(options.token, options.baseUrl, () => this.requestTimeout());
  }
  now() {
    return (this.options.now ?? Date.now)();
  }
  remaining() {
    this.deadline ??= this.now() + (this.options.budgetMs ?? DEFAULT_BOUNDS.budgetMs);
    return this.deadline - this.now();
  }
  requestTimeout() {
    return Math.max(1, Math.min(this.options.timeoutMs ?? DEFAULT_BOUNDS.requestMs, this.remaining()));
  }
  /** The text of an error with the token taken out, whatever the server echoed back. */
  clean(text2) {
    return apiErrorText(text2, this.options.token);
  }
  /** One API call with retries on transient failures, within the budget; throws the last error otherwise. */
  async call(label, fn) {
    const sleep = this.options.sleep ?? sleepMs;
    const maxMs = this.options.maxMs ?? 1e4;
    if (this.remaining() <= 0) throw new Error(`the GitHub API did not answer within ${seconds(this.options.budgetMs ?? DEFAULT_BOUNDS.budgetMs)}`);
    return retryWithBackoff(
      async () => {
        this.requests++;
        try {
          return await fn();
        } catch (error) {
          await waitOutRateLimit(error, this.now(), this.remaining(), this.options.budgetMs ?? DEFAULT_BOUNDS.budgetMs, sleep);
          throw error;
        }
      },
      (error) => isTransientApiError(error) && this.remaining() > 0,
      {
        attempts: this.options.attempts ?? 4,
        budgetMs: this.remaining(),
        baseMs: this.options.baseMs ?? 1e3,
        maxMs,
        sleep,
        ...this.options.now ? { now: this.options.now } : {},
        ...this.options.random ? { random: this.options.random } : {},
        onRetry: (attempt, error, wait) => this.options.log?.(`${label}: attempt ${attempt} failed (${this.describe(error)}); retrying in ${wait} ms`)
      }
    );
  }
  describe(error) {
    const e = httpError(error);
    const last = error.last;
    if (last !== void 0) return this.describe(last);
    if (e.status && e.response) return this.clean(`GitHub API answered ${e.status}: ${e.message ?? ""}`);
    if (e.status === void 0) return this.clean(e.message ?? String(error));
    return this.clean(`no answer from the GitHub API: ${e.message ?? String(error)}`);
  }
  /**
   * A request cut because the budget ran out reads "aborted due to timeout" however fast the API
   * had answered until then (a thousand pages of comments): the clause that says which bound it met.
   */
  budgetSpent(inner) {
    return !httpError(inner).response && this.deadline !== void 0 && this.remaining() <= 0 ? `; the ${seconds(this.options.budgetMs ?? DEFAULT_BOUNDS.budgetMs)} benchtrend gives the GitHub API in a run were spent` : "";
  }
  failure(what, kind, error, before) {
    const inner = error.last ?? error;
    const status = httpError(inner).response ? httpError(inner).status : void 0;
    const tries = error.attempts;
    const gaveUp = tries !== void 0 ? ` after ${tries} attempt${tries === 1 ? "" : "s"}` : "";
    const why = isRateLimited(inner) ? "GitHub rate-limited the token; the comment will be written by the next run" : hint(status, kind);
    return {
      ok: false,
      warning: `${what} not written${gaveUp}: ${this.describe(inner)}${this.budgetSpent(inner)}${why ? `; ${why}` : ""}`,
      ...status !== void 0 ? { status } : {},
      requests: this.requests - before
    };
  }
  async upsert(what, kind, ops, markers, render, createIfMissing) {
    const before = this.requests;
    const [marker2, ...former] = typeof markers === "string" ? [markers] : markers;
    try {
      const marked = (body2) => [marker2, ...former].some((m) => body2.startsWith(m));
      const current2 = (c2) => (c2.body ?? "").trimStart().startsWith(marker2) ? 0 : 1;
      const ours = async (comments) => (await this.own(what, comments.filter((c2) => marked((c2.body ?? "").trimStart())))).sort((a, b) => current2(a) - current2(b));
      const [found, ...extra] = await ours(await this.call(`${what}: listing comments`, ops.list));
      const body = render(found?.body);
      if (body === void 0 || !found && !createIfMissing) return { ok: true, action: "skipped", what, requests: this.requests - before };
      if (!body.startsWith(marker2)) throw new Error(`comment body does not begin with its marker ${marker2}`);
      if (found) {
        const c2 = found.body === body ? found : await this.call(`${what}: updating comment ${found.id}`, () => ops.update(found.id, body));
        for (const e of extra) await this.call(`${what}: deleting the second comment ${e.id}`, () => ops.remove(e.id)).catch(() => void 0);
        return { ok: true, action: found.body === body ? "unchanged" : "updated", what, id: c2.id, url: c2.html_url, requests: this.requests - before };
      }
      let tries = 0;
      const c = await this.call(`${what}: creating comment`, async () => {
        if (tries++ > 0) {
          const [landed] = await ours(await ops.list());
          if (landed) return landed.body === body ? landed : ops.update(landed.id, body);
        }
        return ops.create(body);
      });
      return { ok: true, action: "created", what, id: c.id, url: c.html_url, requests: this.requests - before };
    } catch (error) {
      return this.failure(what, kind, error, before);
    }
  }
  /**
   * Which of the comments carrying the marker benchtrend wrote. Anyone who can comment can paste
   * the marker, and a comment they wrote is never edited, nor its hidden data read back. A bot's
   * is ours: GITHUB_TOKEN writes as github-actions[bot], an app's token as its own bot, and no
   * person can write as one. A person's is ours only when the token is that person's (a personal
   * access token), which `GET /user` tells; it is asked only when such a comment is there, and
   * GitHub refuses it to an app's token.
   */
  async own(what, marked) {
    const bots = marked.filter((c) => c.user?.type === "Bot");
    if (bots.length > 0 || marked.length === 0) return bots;
    this.self ??= this.call(`${what}: asking whose the token is`, async () => (await this.octokit.rest.users.getAuthenticated()).data.login).catch((error) => {
      const status = httpError(error).response ? httpError(error).status : void 0;
      if (status === 401 || status === 403 || status === 404) return null;
      this.self = void 0;
      throw error;
    });
    const self = await this.self;
    return self === null ? [] : marked.filter((c) => c.user?.login === self);
  }
  /**
   * The comment on commit `sha` that begins with `marker` (or with any of several, the first
   * written): edited in place when it exists, created
   * otherwise (unless `createIfMissing` is false). `render` gets the existing body, if any, and
   * returns the new one (or undefined to leave things as they are).
   */
  upsertCommitComment(sha, marker2, render, options = {}) {
    const { owner, repo, octokit } = this;
    return this.upsert(
      `commit comment on ${sha.slice(0, 7)}`,
      "commit",
      {
        list: () => octokit.paginate(octokit.rest.repos.listCommentsForCommit, { owner, repo, commit_sha: sha, per_page: 100 }),
        create: async (body) => (await octokit.rest.repos.createCommitComment({ owner, repo, commit_sha: sha, body })).data,
        update: async (id, body) => (await octokit.rest.repos.updateCommitComment({ owner, repo, comment_id: id, body })).data,
        remove: async (id) => void await octokit.rest.repos.deleteCommitComment({ owner, repo, comment_id: id })
      },
      marker2,
      render,
      options.createIfMissing ?? true
    );
  }
  /**
   * The pull request's head commit and whether it is still open, as they are now, or undefined when
   * they cannot be read (the check they serve then holds nothing back): a run of an older head must
   * not write over a newer one's comment, nor a run that finished late on a closed pull request.
   */
  async pullRequestNow(pullNumber) {
    const { owner, repo, octokit } = this;
    try {
      const pr = await this.call(`reading pull request #${pullNumber}`, async () => (await octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber })).data);
      return { head: typeof pr.head?.sha === "string" ? pr.head.sha : void 0, open: pr.state !== "closed" };
    } catch {
      return void 0;
    }
  }
  /**
   * How commit `sha` stands to `other` by the compare API (GET /repos/{owner}/{repo}/compare/
   * {other}...{sha}): `behind` is an ancestor of it, `ahead` a descendant, `diverged` neither.
   * Undefined when it cannot be read (a commit the API does not know, a token without contents:
   * read, the budget spent): the run then takes the commit as news, as before it asked.
   */
  async commitAncestry(sha, other) {
    const { owner, repo, octokit } = this;
    try {
      const { status } = await this.call(
        `comparing ${other.slice(0, 7)}...${sha.slice(0, 7)}`,
        async () => (await octokit.rest.repos.compareCommitsWithBasehead({ owner, repo, basehead: `${other}...${sha}`, per_page: 1 })).data
      );
      return status === "behind" ? "older" : status === "ahead" ? "newer" : status === "diverged" ? "diverged" : void 0;
    } catch {
      return void 0;
    }
  }
  /**
   * The pull request's comment that carries `marker`: created once, then edited. `fromFork`: the
   * pull request's head is another repository's, so a refusal says why no permission helps.
   */
  upsertPullRequestComment(pullNumber, marker2, body, options = {}) {
    const { owner, repo, octokit } = this;
    return this.upsert(
      `comment on pull request #${pullNumber}`,
      options.fromFork ? "fork-pull-request" : "pull-request",
      {
        list: () => octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: pullNumber, per_page: 100 }),
        create: async (b) => (await octokit.rest.issues.createComment({ owner, repo, issue_number: pullNumber, body: b })).data,
        update: async (id, b) => (await octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body: b })).data,
        remove: async (id) => void await octokit.rest.issues.deleteComment({ owner, repo, comment_id: id })
      },
      marker2,
      () => body,
      true
    );
  }
  /**
   * The open pull request whose head is `query.headSha`: first through the commit (`GET
   * /repos/{owner}/{repo}/commits/{sha}/pulls`), then through the head branch (`GET
   * /repos/{owner}/{repo}/pulls?head=owner:branch&state=open`), which finds a fork's pull request
   * when the commit lookup does not. Transient failures are retried as for comments, within the
   * same budget; any other failure throws an Error whose message is one line without the token.
   */
  async findRunPullRequest(query) {
    const { owner, repo, octokit } = this;
    const repository = `${owner}/${repo}`;
    const call = (label, fn) => this.call(label, fn).catch((error) => {
      const inner = error.last ?? error;
      throw new Error(this.clean(`${label} failed: ${this.describe(inner)}${this.budgetSpent(inner)}`));
    });
    const open2 = (list, sha) => list.filter((p) => p.state === void 0 || p.state === "open").map((p) => runPullRequest(p, repository)).filter((p) => p !== void 0 && (sha === void 0 || p.head === sha));
    let failed;
    try {
      const byCommit = await call(
        `listing the pull requests of commit ${query.headSha.slice(0, 7)}`,
        async () => (await octokit.request("GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls", { owner, repo, commit_sha: query.headSha, per_page: 100 })).data
      );
      const [fromCommit, ...more2] = open2(byCommit, query.headSha);
      if (fromCommit) return { pullRequest: fromCommit, ...more2.length ? { more: more2 } : {}, source: "commit" };
    } catch (error) {
      failed = error;
    }
    if (!query.headOwner || !query.headBranch || failed !== void 0 && this.remaining() <= 0) {
      if (failed !== void 0) throw failed;
      return { pullRequest: void 0 };
    }
    const head = `${query.headOwner}:${query.headBranch}`;
    const byHead = await call(
      `listing the open pull requests with head ${head}`,
      async () => (await octokit.request("GET /repos/{owner}/{repo}/pulls", { owner, repo, head, state: "open", per_page: 100 })).data
    ).catch((error) => {
      throw failed ?? error;
    });
    const [fromHead, ...more] = open2(byHead, void 0);
    if (fromHead) return { pullRequest: fromHead, ...more.length ? { more } : {}, source: "head" };
    if (failed !== void 0) throw failed;
    return { pullRequest: void 0 };
  }
};
async function findRunPullRequest(options, query) {
  return new GitHubComments(options).findRunPullRequest(query);
}

// src/action/runner.ts
import { join as join4 } from "node:path";

// src/core/trend/commit-info.ts
function commitUrl(serverUrl, repository, sha) {
  if (!repository) return void 0;
  return `${serverUrl.replace(/\/+$/, "")}/${repository}/commit/${sha}`;
}
var isObject3 = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var str2 = (v) => typeof v === "string" ? v : void 0;
function commitFromEvent(payload, sha) {
  if (!isObject3(payload) || !isObject3(payload["head_commit"])) return void 0;
  const head = payload["head_commit"];
  if (str2(head["id"])?.toLowerCase() !== sha.toLowerCase()) return void 0;
  const author = isObject3(head["author"]) ? head["author"] : {};
  const url = str2(head["url"]);
  return {
    sha: sha.toLowerCase(),
    message: str2(head["message"]) ?? "",
    author: str2(author["name"]) ?? str2(author["username"]) ?? "",
    timestamp: str2(head["timestamp"]) ?? "",
    ...url !== void 0 ? { url } : {}
  };
}
async function resolveCommitInfo(sources) {
  const withUrl = (c) => ({
    ...c,
    message: normaliseText(c.message),
    author: normaliseText(c.author),
    ...c.url === void 0 && sources.url !== void 0 ? { url: sources.url } : {}
  });
  const event = sources.fromEvent?.();
  if (event) return withUrl(event);
  for (const [name, source] of [["git", sources.fromGit], ["api", sources.fromApi]]) {
    if (!source) continue;
    try {
      const found = await source();
      if (found) return withUrl(found);
    } catch (e) {
      sources.onSourceError?.(name, e);
    }
  }
  return withUrl({ sha: sources.sha.toLowerCase(), message: "", author: "", timestamp: sources.fallbackTimestamp });
}

// src/effects/commit-info.ts
async function commitFromGit(cwd, sha, env, timeoutMs = DEFAULT_BOUNDS.requestMs) {
  const clean2 = { GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" };
  for (const [k, v] of Object.entries(env)) if (v !== void 0 && !(k in clean2)) clean2[k] = v;
  try {
    const out = (await git(["log", "-1", "--no-show-signature", "--format=%H%x00%an%x00%aI%x00%B", sha, "--"], { cwd, env: clean2, timeoutMs })).stdout.toString("utf8");
    const [full, author, timestamp, ...message] = out.split("\0");
    if (!full || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(full)) return void 0;
    return { sha: full, author: author ?? "", timestamp: timestamp ?? "", message: message.join("\0").replace(/\n+$/, "") };
  } catch {
    return void 0;
  }
}
async function checkoutHead(cwd, env, timeoutMs = DEFAULT_BOUNDS.requestMs) {
  return checkoutCommit(cwd, "HEAD", env, timeoutMs);
}
async function checkoutCommit(cwd, ref, env, timeoutMs = DEFAULT_BOUNDS.requestMs) {
  const clean2 = { GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" };
  for (const [k, v] of Object.entries(env)) if (v !== void 0 && !(k in clean2)) clean2[k] = v;
  try {
    const out = (await git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { cwd, env: clean2, timeoutMs })).stdout.toString("utf8").trim();
    return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(out) ? out : void 0;
  } catch {
    return void 0;
  }
}
async function commitFromApi(source) {
  const doFetch = source.fetch ?? fetch;
  const url = `${source.apiUrl.replace(/\/+$/, "")}/repos/${source.repository}/git/commits/${encodeURIComponent(source.sha)}`;
  const headers = { accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28", "user-agent": "benchtrend" };
  if (source.token) headers["authorization"] = `Bearer ${source.token}`;
  const timeoutMs = source.timeoutMs ?? DEFAULT_BOUNDS.requestMs;
  const signal = AbortSignal.timeout(timeoutMs);
  let res;
  try {
    res = await doFetch(url, { headers, signal });
  } catch (e) {
    if (signal.aborted) throw new Error(`GET ${url} got no answer within ${seconds(timeoutMs)}`);
    throw e;
  }
  if (res.status === 404 || res.status === 422) return void 0;
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status} ${res.statusText}`);
  const body = await res.json().catch((e) => {
    throw new Error(signal.aborted ? `GET ${url} did not send its answer within ${seconds(timeoutMs)}` : `GET ${url}: ${e instanceof Error ? e.message : String(e)}`);
  });
  if (typeof body.sha !== "string") return void 0;
  const s = (v) => typeof v === "string" ? v : "";
  return {
    sha: body.sha,
    message: s(body.message),
    author: s(body.author?.name),
    timestamp: s(body.author?.date),
    ...typeof body.html_url === "string" ? { url: body.html_url } : {}
  };
}

// src/core/regress/attribute-verdicts.ts
var TOTAL = "total";
function metricOf3(name, shape) {
  if (shape === void 0) return void 0;
  const prefix = `${shape} / `;
  return name.startsWith(prefix) ? name.slice(prefix.length) : void 0;
}
function attributeVerdicts(verdicts, cases) {
  const shapeOf3 = new Map(cases.map((c) => [c.case, c.shape]));
  return verdicts.map((total) => {
    const shape = shapeOf3.get(total.case);
    if (total.kind !== "regressed" || !total.baseline || metricOf3(total.case, shape) !== TOTAL) return total;
    const before = /* @__PURE__ */ new Map();
    const after = /* @__PURE__ */ new Map();
    const withoutBaseline = [];
    for (const v of verdicts) {
      if (v.suite !== total.suite || v.unit !== total.unit || shapeOf3.get(v.case) !== shape) continue;
      const stage = metricOf3(v.case, shape);
      if (stage === void 0 || stage === TOTAL) continue;
      if (v.baseline) {
        before.set(stage, v.baseline.median);
        after.set(stage, v.value);
      } else {
        withoutBaseline.push(stage);
      }
    }
    if (before.size === 0 && withoutBaseline.length === 0) return total;
    const attribution = attributeChange({
      case: total.case,
      unit: total.unit,
      total: { before: total.baseline.median, after: total.value },
      before,
      after,
      withoutBaseline
    });
    return attribution ? { ...total, attribution } : total;
  });
}
function attributionLines(verdicts) {
  return verdicts.flatMap((v) => v.kind === "regressed" && v.attribution ? [attributionLine(v.attribution)] : []);
}

// src/core/render-comment.ts
function reasonMarkdown(reason, esc, docsUrl) {
  const docs = safeUrl(docsUrl);
  const { text: text2, linked } = withoutDetails(reason);
  return docs && linked ? `${esc(text2)} ([details](${docs}))` : esc(reason);
}
var DATA_PREFIX = "benchtrend:data ";
var COMMENT_LIMIT = 65536;
var LISTED_NAMES = 30;
function someNames(names2, listed, unlisted = 0) {
  const more = Math.max(0, names2.length - listed) + unlisted;
  const shown = names2.slice(0, listed).join(", ");
  if (!shown) return `${more} case${more === 1 ? "" : "s"}`;
  return more > 0 ? `${shown} and ${more} more` : shown;
}
var NAME_SHOWN = 200;
function shownName(name) {
  if (name.length <= NAME_SHOWN) return name;
  const chars = Array.from(name);
  if (chars.length <= NAME_SHOWN) return name;
  const [head, tail] = [140, 40];
  return `${chars.slice(0, head).join("")}\u2026${chars.slice(-tail).join("")} (${(chars.length - head - tail).toLocaleString("en")} characters left out)`;
}
function shownLine(line) {
  const chars = Array.from(line);
  return chars.length <= 4 * NAME_SHOWN ? line : `${chars.slice(0, 4 * NAME_SHOWN).join("")}\u2026 (${(chars.length - 4 * NAME_SHOWN).toLocaleString("en")} characters left out)`;
}
var LINK_MAX = 2e3;
function elsewhere(links2) {
  const pages = safeUrl(links2.pagesUrl);
  return pages ? `each is on [the charts](${pages}) and in the job summary` : "each is in the job summary";
}
function linksFooter(links2) {
  const footer = [];
  const pages = safeUrl(links2.pagesUrl);
  if (pages) footer.push(`[Charts](${pages})`);
  const run = safeUrl(links2.runUrl);
  if (run) footer.push(`[Run](${run})`);
  const docs = safeUrl(links2.docsUrl);
  if (docs) footer.push(`[How alerts are decided](${docs})`);
  return footer.length ? ["", footer.join(" \xB7 ")] : [];
}
function codeText(text2) {
  return text2.replace(/[\r\n]+/g, " ").replace(/`/g, "\u02CB");
}
function caseLink(pagesUrl, suite, name, commit) {
  const enc = (s) => encodeURIComponent(s).replace(/[()!*']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const base = pagesUrl.replace(/#.*$/, "");
  const sha = commit?.toLowerCase();
  const at = sha !== void 0 && isCommitPrefix(sha) ? `&commit=${sha}` : "";
  return `${base}#case=${enc(name)}&suite=${enc(suite)}${at}`;
}
function safeUrl(url) {
  if (!url) return void 0;
  return /^https?:\/\/[^\s<>()]+$/.test(url) ? url : void 0;
}
function caseCell(row, suite, links2, commit) {
  const name = escapeMarkdown(shownName(row.case));
  const pages = safeUrl(links2.pagesUrl);
  const link = pages ? caseLink(pages, suite, row.case, commit) : void 0;
  return link && link.length <= LINK_MAX ? `[${name}](${link})` : name;
}
var STATUS_TEXT = {
  suspected: "suspected",
  confirmed: "**confirmed**",
  cleared: "~~cleared~~"
};
var MARKER_SUITE = 8192;
function markerSuite(suite) {
  const encoded = encodeURIComponent(suite);
  return encoded.length <= MARKER_SUITE ? encoded : `${encoded.slice(0, 256).replace(/%[0-9A-F]?$/, "")}\u2026${fnv1a64(suite)}`;
}
function marker(kind, suite) {
  return `<!-- benchtrend:${kind}-comment suite=${suite} -->`;
}
function commitCommentMarker(suite) {
  return marker("commit", markerSuite(suite));
}
function pullRequestCommentMarker(suite) {
  return marker("pr", markerSuite(suite));
}
function commentMarkers(kind, suite) {
  const current2 = marker(kind, markerSuite(suite));
  const spelled = marker(kind, encodeURIComponent(suite));
  return spelled === current2 ? [current2] : [current2, spelled];
}
function encodeData(data) {
  const bytes = new TextEncoder().encode(JSON.stringify({ ...data, suite: shownName(data.suite) }));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
function parseCommitCommentData(body) {
  const m = new RegExp(`<!-- ${DATA_PREFIX}([A-Za-z0-9+/=]+) -->`).exec(body);
  if (!m) return void 0;
  try {
    const binary = atob(m[1]);
    const data = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (typeof data !== "object" || data === null || !Array.isArray(data.rows) || typeof data.sha !== "string") return void 0;
    return data;
  } catch {
    return void 0;
  }
}
function ccLine(users) {
  const valid = users.filter((u) => /^@?[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9._-]+)?$/.test(u));
  return valid.length ? `cc ${valid.map((u) => u.startsWith("@") ? u : `@${u}`).join(" ")}` : "";
}
function rowLine(row, suite, links2, sha) {
  return [
    "",
    // A comment's rows are the alerts raised at its own commit.
    caseCell(row, suite, links2, sha),
    valueWithBand(row.baseline, row.unit, row.band, escapeMarkdown),
    valueWithBand(row.value, row.unit, row.errorBar, escapeMarkdown),
    describeWorseChange(row.change, row.direction),
    STATUS_TEXT[row.status],
    reasonMarkdown(reasonBeside(row.why, describeWorseChange(row.change, row.direction)), escapeMarkdown, links2.docsUrl),
    ""
  ].join(" | ").trim();
}
function attributionBlock(lines) {
  if (!lines || lines.length === 0) return [];
  return ["", "Where the total moved, stage by stage (each stage against its own baseline):", "", ...lines.map((l) => `- ${escapeMarkdown(shownLine(l))}`)];
}
var TABLE_HEAD = ["| Case | Baseline median (Q1\u2013Q3) | New median (Q1\u2013Q3) | Change | Status | Why |", "| --- | ---: | ---: | ---: | --- | --- |"];
function renderCommitComment(data, links2 = {}, ccUsers = [], limit = COMMENT_LIMIT) {
  const full = commitCommentBody(data, links2, ccUsers, LISTED_NAMES);
  if (full.length <= limit) return full;
  const rows2 = significantFirst(data.rows);
  const openFrom = (k) => rows2.slice(k).filter((r) => r.status !== "cleared").length;
  const withRows = (k, listed, split = true) => commitCommentBody({ ...data, rows: rows2.slice(0, k), more: (data.more ?? 0) + openFrom(k), ...split ? {} : { attributions: [] } }, links2, ccUsers, listed);
  const fitted = mostRowsThatFit(rows2.length, limit, (k) => withRows(k, LISTED_NAMES));
  if (fitted.length <= limit) return fitted;
  for (const listed of [10, 3, 0]) {
    const body = withRows(0, listed);
    if (body.length <= limit) return body;
  }
  return withRows(0, 0, false);
}
function mostRowsThatFit(rows2, limit, body) {
  const whole = body(rows2);
  if (whole.length <= limit) return whole;
  let [lo, hi] = [0, rows2 - 1];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (body(mid).length <= limit) lo = mid;
    else hi = mid - 1;
  }
  return body(lo);
}
function significantFirst(rows2) {
  const size = (r) => r.change ?? Number.MAX_VALUE;
  return [...rows2].sort((a, b) => Number(a.status === "cleared") - Number(b.status === "cleared") || size(b) - size(a));
}
function commitCommentBody(full, links2, ccUsers, listed) {
  const was = full.unlisted ?? {};
  const cut = (list) => list ? { list: list.slice(0, listed), left: Math.max(0, list.length - listed) } : { list: void 0, left: 0 };
  const [watch, ongoing, elsewhere2] = [cut(full.watch), cut(full.ongoing), cut(full.raisedElsewhere)];
  const unlisted = { watch: (was.watch ?? 0) + watch.left, ongoing: (was.ongoing ?? 0) + ongoing.left, raisedElsewhere: (was.raisedElsewhere ?? 0) + elsewhere2.left };
  const anyUnlisted = unlisted.watch + unlisted.ongoing + unlisted.raisedElsewhere > 0;
  const data = {
    ...full,
    ...watch.list ? { watch: watch.list } : {},
    ...ongoing.list ? { ongoing: ongoing.list } : {},
    ...elsewhere2.list ? { raisedElsewhere: elsewhere2.list } : {},
    ...anyUnlisted ? { unlisted } : {}
  };
  const short = data.sha.slice(0, 7);
  const suite = `\`${codeText(isolate(shownName(data.suite)))}\``;
  const more = data.more ?? 0;
  const open2 = data.rows.filter((r) => r.status !== "cleared");
  const lines = [commitCommentMarker(data.suite)];
  const earlier = data.raisedElsewhere ?? [];
  const earlierCount = earlier.length + unlisted.raisedElsewhere;
  const ongoingCount = (data.ongoing?.length ?? 0) + unlisted.ongoing;
  const watchCount = (data.watch?.length ?? 0) + unlisted.watch;
  if (data.rows.length === 0 && more === 0) {
    const n = data.cases ?? 0;
    const judged2 = `${n} case${n === 1 ? "" : "s"} judged against their recent history`;
    const beyond = earlierCount + ongoingCount;
    if (beyond > 0) {
      lines.push(`### ${earlierCount ? "\u26A0\uFE0F " : ""}benchtrend: no regression starts at ${short} in suite ${suite}`, "", `${judged2}; ${beyond} ${beyond === 1 ? "is" : "are"} worse, from a step that starts at an earlier commit.`);
    } else {
      lines.push(`### benchtrend: no regression in suite ${suite} at ${short}`, "", `${judged2}; ${watchCount > 0 ? "none raised a regression here." : "none is worse beyond its limit."}`);
    }
  } else {
    const count = open2.length + more;
    const title = count === 0 ? `the alerts of suite ${suite} at ${short} were cleared` : `${count} regression${count === 1 ? "" : "s"} in suite ${suite} at ${short}`;
    lines.push(`### ${count ? "\u26A0\uFE0F " : ""}benchtrend: ${title}`, "", ...groupSection(data, links2));
    lines.push(...attributionBlock(data.attributions));
    lines.push(
      "",
      data.method === "ratio" ? "A regression is a case worse than in the suite's previous entry by more than the alert threshold, github-action-benchmark's rule (alert-method: ratio)." : "A regression is suspected when recent points are each worse than the baseline (recent commits on the same level) by the minimum effect and beyond its prediction limit; a lasting step found later confirms it, its absence clears it."
    );
  }
  const named = (name) => escapeMarkdown(isolate(shownName(name)));
  if (earlierCount > 0) {
    lines.push("", `Raised by this run, each at the commit where its step starts: ${someNames(earlier.map((r) => `${named(r.case)} (at ${r.at.slice(0, 7)})`), listed, unlisted.raisedElsewhere)}.`);
  }
  if (ongoingCount > 0) {
    lines.push("", `Still beyond the limit since an earlier alert: ${someNames((data.ongoing ?? []).map((o) => `${named(o.case)} (since ${o.since.slice(0, 7)})`), listed, unlisted.ongoing)}.`);
  }
  if (data.rows.length === 0 && more === 0) lines.push(...attributionBlock(data.attributions));
  if (watchCount > 0) {
    lines.push("", `On watch (one point beyond the limit, which a slow host also gives): ${someNames((data.watch ?? []).map(named), listed, unlisted.watch)}.`);
  }
  lines.push(...linksFooter(links2));
  const cc = open2.length + more > 0 ? ccLine(ccUsers) : "";
  if (cc) lines.push("", cc);
  lines.push("", `<!-- ${DATA_PREFIX}${encodeData(data)} -->`);
  return `${lines.join("\n")}
`;
}
function groupSection(data, links2) {
  const rows2 = significantFirst(data.rows);
  const [top, ...rest] = rows2;
  const more = data.more ?? 0;
  const notListed = `${more} more case${more === 1 ? "" : "s"} raised here ${more === 1 ? "is" : "are"} not listed, to keep this comment within GitHub's ${COMMENT_LIMIT.toLocaleString("en")} characters: ${elsewhere(links2)}.`;
  if (!top) return more > 0 ? [notListed] : [];
  const out = [];
  if (more > 0) {
    const range = changeRange(rows2);
    out.push(`**${rows2.length + more} cases worse at ${data.sha.slice(0, 7)}; the ${rows2.length} largest listed here${range ? `, ${escapeMarkdown(range)}` : ""}**`, "");
    out.push(notListed, "");
  } else {
    const open2 = rows2.filter((r2) => r2.status !== "cleared");
    if (open2.length > 1) out.push(`**${escapeMarkdown(groupText(open2, data.sha))}**`, "");
  }
  const r = data.runner;
  if (r && Number.isFinite(r.low) && Number.isFinite(r.high)) {
    const pct = (x) => signedPercent(x).replace(/^\+/, "");
    const range = pct(r.low) === pct(r.high) ? pct(r.low) : `${pct(r.low)} to ${pct(r.high)}`;
    out.push(`Every one of the ${r.cases} cases judged here got worse by about the same factor (${escapeMarkdown(range)} worse): that looks like the runner (a slower host), not the code. Re-run the job to tell.`, "");
  }
  out.push(...TABLE_HEAD, rowLine(top, data.suite, links2, data.sha));
  if (rest.length > 0) {
    const summary = `${rest.length} more case${rest.length === 1 ? "" : "s"} at this commit`;
    out.push("", `<details><summary>${summary}</summary>`, "", ...TABLE_HEAD, ...rest.map((row) => rowLine(row, data.suite, links2, data.sha)), "", "</details>");
  }
  return out;
}
function rowFromVerdict(v) {
  const alert = v.alert;
  if (alert?.kind === "change-point") {
    return {
      case: v.case,
      unit: v.unit,
      direction: v.direction,
      kind: "change-point",
      // A step is raised only once it is final.
      status: "confirmed",
      baseline: alert.baseline,
      value: alert.value,
      ...alert.change !== void 0 ? { change: alert.change } : {},
      why: alert.reason
    };
  }
  if (v.kind !== "regressed" || !v.baseline) return void 0;
  return {
    case: v.case,
    unit: v.unit,
    direction: v.direction,
    kind: "regression",
    status: v.ongoing?.status ?? "suspected",
    baseline: v.baseline.median,
    band: [v.baseline.q1, v.baseline.q3],
    value: v.value,
    ...v.runs > 1 ? { errorBar: [v.q1, v.q3] } : {},
    ...v.change !== void 0 ? { change: v.change } : {},
    why: v.reason
  };
}
function rowFromAlert(a, unit, direction) {
  return {
    case: a.case,
    unit,
    direction,
    kind: a.kind,
    status: a.status,
    baseline: a.baseline ?? NaN,
    value: a.value ?? NaN,
    ...a.change !== void 0 ? { change: a.change } : {},
    why: a.reason ?? ""
  };
}
function refreshCommentRows(existing, alerts, caseInfo) {
  const rows2 = [...existing?.rows ?? []];
  for (const a of alerts) {
    const at = rows2.findIndex((r) => r.case === a.case && r.kind === a.kind);
    const info2 = caseInfo(a.case) ?? { unit: rows2[at]?.unit ?? "", direction: rows2[at]?.direction ?? "smaller" };
    if (at < 0) rows2.push(rowFromAlert(a, info2.unit, info2.direction));
    else rows2[at] = { ...rows2[at], status: a.status, why: a.reason ?? rows2[at].why };
  }
  return rows2;
}
function comparedWith(base, defaultBranch) {
  const onBase = defaultBranch === void 0 || defaultBranch === base;
  return { onBase, trend: onBase ? base : "the published trend" };
}
var PR_VERDICT = {
  regressed: "\u26A0\uFE0F worse",
  step: "\u26A0\uFE0F worse",
  watch: "watch",
  improved: "better",
  unchanged: "unchanged",
  "not-enough-history": "not enough history",
  "not-judged": "not judged"
};
var PR_ORDER = { regressed: 0, step: 0, watch: 1, improved: 2, unchanged: 3, "not-enough-history": 4, "not-judged": 5 };
function renderPullRequestComment(data, links2 = {}, limit = COMMENT_LIMIT) {
  const order = (v) => PR_ORDER[v.kind];
  const rows2 = [...data.verdicts].sort((a, b) => order(a) - order(b));
  const worse2 = rows2.filter((v) => v.kind === "regressed").length;
  const suite = `\`${codeText(isolate(shownName(data.suite)))}\``;
  const unjudged2 = rows2.length > 0 && rows2.every((v) => v.kind === "not-enough-history");
  const { onBase } = comparedWith(data.base, data.defaultBranch);
  const base = escapeMarkdown(data.base);
  const trend = onBase ? base : "the published trend";
  const headline = worse2 ? `${worse2} case${worse2 === 1 ? "" : "s"} worse than ${trend}` : unjudged2 ? `too little history ${onBase ? `on ${base}` : "in the published trend"} to judge` : `no case worse than ${trend}`;
  const lines = [
    pullRequestCommentMarker(data.suite),
    `### ${worse2 ? "\u26A0\uFE0F " : ""}benchtrend: ${headline} in suite ${suite} at ${data.sha.slice(0, 7)}`,
    "",
    "| Case | Base median (Q1\u2013Q3) | This PR (Q1\u2013Q3) | Change | Verdict | Why |",
    "| --- | ---: | ---: | ---: | --- | --- |"
  ];
  const table = rows2.map((v) => {
    const base2 = v.baseline ? valueWithBand(v.baseline.median, v.unit, [v.baseline.q1, v.baseline.q3], escapeMarkdown) : "\u2014";
    const head = valueWithBand(v.value, v.unit, v.runs > 1 ? [v.q1, v.q3] : void 0, escapeMarkdown);
    const change = v.change !== void 0 ? describeWorseChange(v.change, v.direction) : "\u2014";
    return `| ${caseCell(v, data.suite, links2, v.ongoing?.sha)} | ${base2} | ${head} | ${change} | ${PR_VERDICT[v.kind]} | ${reasonMarkdown(reasonBeside(v.reason, change), escapeMarkdown, links2.docsUrl)} |`;
  });
  const split = attributionBlock(attributionLines(rows2));
  const tail = [
    "",
    onBase ? `Compared with the recent level of each case on ${base}; a one-off slow runner can make a single case look worse, so re-run before acting on one.` : `Compared with the recent level of each case in the published trend, which is one per suite, not one per branch: this pull request's base, ${base}, is not the default branch, ${escapeMarkdown(data.defaultBranch ?? "")}, and was not compared apart. A one-off slow runner can make a single case look worse, so re-run before acting on one.`,
    ...linksFooter(links2)
  ];
  const body = (k, withSplit = true) => {
    const left = rows2.slice(k);
    const counts2 = [...new Set(left.map((v) => PR_VERDICT[v.kind]))].map((word) => `${left.filter((v) => PR_VERDICT[v.kind] === word).length} ${word}`);
    const note = left.length > 0 ? ["", `Not listed, to keep this comment within GitHub's ${COMMENT_LIMIT.toLocaleString("en")} characters: ${counts2.join(", ")}; ${elsewhere(links2)}.`] : [];
    const splitNote = withSplit || split.length === 0 ? split : ["", `Where each regressed total moved, stage by stage, is not listed either: ${elsewhere(links2)}.`];
    return `${[...lines, ...table.slice(0, k), ...note, ...splitNote, ...tail].join("\n")}
`;
  };
  const fitted = mostRowsThatFit(rows2.length, limit, (k) => body(k));
  return fitted.length <= limit ? fitted : body(0, false);
}

// src/core/render-verdicts.ts
var BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
function sparkline(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return "";
  const lo = finite.reduce((m, v) => Math.min(m, v), Infinity);
  const hi = finite.reduce((m, v) => Math.max(m, v), -Infinity);
  return values.map((v) => {
    if (!Number.isFinite(v)) return " ";
    if (hi === lo) return BARS[3];
    return BARS[Math.min(BARS.length - 1, Math.floor((v - lo) / (hi - lo) * BARS.length))];
  }).join("");
}
var VERDICT_TEXT = {
  regressed: "regressed",
  step: "step found",
  watch: "watch",
  improved: "improved",
  unchanged: "ok",
  "not-enough-history": "not enough history",
  "not-judged": "not judged"
};
function verdictText2(v, flag = "") {
  if (v.kind === "regressed" && v.ongoing) return `${flag}still regressed`;
  return v.kind === "regressed" || v.kind === "step" ? `${flag}${VERDICT_TEXT[v.kind]}` : VERDICT_TEXT[v.kind];
}
var ORDER = { regressed: 0, step: 0, watch: 1, improved: 2, unchanged: 3, "not-enough-history": 4, "not-judged": 5 };
var VERDICT_FOOTNOTE = "Change is against the baseline median, with its real sign and whether it is worse or better; Recent shows the last medians, oldest first.";
function verdictReport(verdicts, esc, flag = "", why = esc) {
  const sorted2 = [...verdicts].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  const counts2 = /* @__PURE__ */ new Map();
  for (const v of verdicts) counts2.set(verdictText2(v, flag), (counts2.get(verdictText2(v, flag)) ?? 0) + 1);
  const rows2 = sorted2.map((v) => {
    const change = v.change !== void 0 || v.kind === "regressed" ? describeWorseChange(v.change, v.direction) : "\u2014";
    return {
      verdict: v,
      case: esc(v.case),
      kind: verdictText2(v, flag),
      value: valueWithBand(v.value, v.unit, v.runs > 1 ? [v.q1, v.q3] : void 0, esc),
      baseline: v.baseline ? valueWithBand(v.baseline.median, v.unit, [v.baseline.q1, v.baseline.q3], esc) : "\u2014",
      change,
      recent: sparkline(v.recent),
      why: why(reasonBeside(v.reason, change))
    };
  });
  return { counts: [...counts2].map(([k, n]) => `${n} ${k}`).join(" \xB7 ") || "No case.", rows: rows2, attribution: attributionLines(sorted2) };
}
function renderVerdictTable(verdicts, title, links2 = {}, published = false) {
  const report2 = verdictReport(verdicts, escapeMarkdown, "\u26A0\uFE0F ", (reason) => reasonMarkdown(reason, escapeMarkdown, links2.docsUrl));
  const pages = links2.pagesUrl && /^https?:\/\/[^\s<>()]+$/.test(links2.pagesUrl) ? links2.pagesUrl : void 0;
  const lines = [
    `### ${escapeMarkdown(title)}`,
    "",
    report2.counts,
    "",
    "| Case | Verdict | New median (Q1\u2013Q3) | Baseline median (Q1\u2013Q3) | Change | Recent | Why |",
    "| --- | --- | ---: | ---: | ---: | --- | --- |"
  ];
  for (const r of report2.rows) {
    const culprit = (published ? r.verdict.alert?.sha : void 0) ?? r.verdict.ongoing?.sha;
    const caseCell2 = pages ? `[${r.case}](${caseLink(pages, r.verdict.suite, r.verdict.case, culprit)})` : r.case;
    lines.push(`| ${caseCell2} | ${r.kind} | ${r.value} | ${r.baseline} | ${r.change} | ${r.recent} | ${r.why} |`);
  }
  lines.push(...attributionBlock(report2.attribution));
  lines.push("", VERDICT_FOOTNOTE, "");
  return lines.join("\n");
}
var MAX_REGRESSION_ANNOTATIONS = 8;
function regressionAnnotations(verdicts) {
  const raised = verdicts.filter((v) => v.alert || v.kind === "regressed" && !v.ongoing);
  if (raised.length <= MAX_REGRESSION_ANNOTATIONS + 1) return raised.map(regressionAnnotation);
  const size = (v) => (v.alert ? v.alert.change : v.change) ?? Number.MAX_VALUE;
  const shown = [...raised].sort((a, b) => size(b) - size(a)).slice(0, MAX_REGRESSION_ANNOTATIONS);
  const rest = raised.length - shown.length;
  return [
    ...shown.map(regressionAnnotation),
    {
      title: `Performance regressions: ${rest} more`,
      message: `${rest} more cases regressed than are annotated here (GitHub shows 10 warnings a step, and these are the ${shown.length} largest changes): each is in the job summary and the regressions-json output`
    }
  ];
}
function regressionAnnotation(v) {
  const a = v.alert;
  const baseline = a?.baseline ?? v.baseline?.median;
  const value = a?.value ?? v.value;
  const change = a ? a.change : v.change;
  const scale = textScale(v.unit, largest(value, baseline));
  const num = (x) => x !== void 0 && Number.isFinite(x) ? scale.number(x) : "\u2014";
  const words2 = describeWorseChange(change, v.direction);
  return {
    title: `Performance regression: ${isolate(v.case)}`.replace(/[\r\n]+/g, " "),
    message: `${isolate(v.case)}: ${num(value)} ${scale.unit} against a baseline of ${num(baseline)} ${scale.unit} (${words2}); ${reasonBeside(a?.reason ?? v.reason, words2)}${v.kind === "regressed" && v.attribution ? `; by stage: ${attributionLine(v.attribution)}` : ""}`.replace(/[\r\n]+/g, " ")
  };
}
function regressionEntries(verdicts) {
  const out = [];
  for (const v of verdicts) {
    const base = { suite: v.suite, case: v.case, unit: v.unit, direction: v.direction };
    const attribution = v.kind === "regressed" && v.attribution ? { attribution: attributionLine(v.attribution) } : {};
    if (v.alert) {
      out.push({
        ...base,
        kind: v.alert.kind,
        baseline: v.alert.baseline,
        value: v.alert.value,
        change: v.alert.change ?? null,
        changeText: describeWorseChange(v.alert.change, v.direction),
        status: v.alert.kind === "change-point" ? "confirmed" : "suspected",
        new: true,
        sha: v.alert.sha,
        reason: v.alert.reason,
        ...attribution
      });
    } else if (v.kind === "regressed" && v.baseline) {
      out.push({
        ...base,
        kind: "regression",
        baseline: v.baseline.median,
        value: v.value,
        change: v.change ?? null,
        changeText: describeWorseChange(v.change, v.direction),
        status: v.ongoing?.status ?? "suspected",
        new: !v.ongoing,
        sha: v.ongoing?.sha ?? v.sha,
        reason: v.reason,
        ...attribution
      });
    }
  }
  return out;
}

// src/jobs/regressions.ts
function withdrawnLines(outcome) {
  return (outcome.withdrawn ?? []).map(
    (a) => `${isolate(a.case)}: the ${a.kind === "regression" ? "regression" : "step found"} at ${a.sha.slice(0, 7)} was raised by the run this re-run replaced, and it is not raised again; withdrawn`
  );
}
async function caseHistories(...walk3) {
  const { segments } = await walkSegments(...walk3);
  const [, , suite, , limit] = walk3;
  return historiesOf(segments, suite, limit);
}
var IMPORT_JUDGED = 1e3;
function newestPerSuite(segments, judged2, history) {
  const seen = /* @__PURE__ */ new Map();
  const judgeFrom = /* @__PURE__ */ new Map();
  const keep = [];
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i];
    const n = seen.get(s.suite) ?? 0;
    if (n >= judged2 + history) continue;
    seen.set(s.suite, n + 1);
    if (n === judged2 - 1) judgeFrom.set(s.suite, s.seq);
    keep.push(s);
  }
  for (const [suite, n] of seen) if (n <= judged2) judgeFrom.delete(suite);
  return { segments: keep.reverse(), judgeFrom };
}
function movedAsOne(histories, directions, seq, minEffect) {
  const cases = [];
  for (const [name, points] of histories) {
    const direction = directions.get(name);
    if (direction !== void 0) cases.push({ points, direction });
  }
  const episodes = new JobEpisodes(minEffect, () => cases);
  return {
    now: episodes.movedAsOne(seq),
    before: (points) => points.slice(Math.max(0, points.length - 1 - ALIKE_LOOKBACK), -1).reverse().map((p) => episodes.movedAsOne(p.seq))
  };
}
function witnessesAt(histories, directions, settings, seq) {
  const moves = /* @__PURE__ */ new Map();
  const typical = /* @__PURE__ */ new Map();
  for (const [name, points] of histories) {
    const direction = directions.get(name);
    const i = points[points.length - 1]?.seq === seq ? points.length - 1 : points.findIndex((p) => p.seq === seq);
    if (direction === void 0 || i < 0) continue;
    const move = recentMove(points.slice(0, i + 1), direction);
    if (move !== void 0) moves.set(name, move);
    const t = typicalMoveAt(points, i, direction);
    if (t !== void 0) typical.set(name, t);
  }
  return { controlMoved: controlsMoved(moves, settings), witness: new HostWitness(moves, settings.minEffect, typical) };
}
function hostMovedAt(histories, directions, settings, seq, self, memo2) {
  let w = memo2.get(seq);
  if (!w) memo2.set(seq, w = witnessesAt(histories, directions, settings, seq));
  return w.controlMoved ?? w.witness.witnessWithout(self);
}
async function rebenchOfOlder(context2, suite, judged2) {
  const first = suiteStart(context2.manifest.cases, suite, judged2.seq);
  let entries = [];
  let from = judged2.seq;
  for (let span = REBENCH_LOOKBACK; from > first && entries.length < REBENCH_LOOKBACK; span *= 2) {
    const next = Math.max(first, from - span);
    const read = (await context2.load(next, from)).filter((s) => s.suite === suite).map((s) => ({ seq: s.seq, sha: s.commit.sha }));
    entries = [...read, ...entries];
    from = next;
  }
  return rebenchesOlder(entries, { seq: judged2.seq, sha: judged2.commit.sha });
}
var ANCESTRY_LOOKBACK = 8;
var ANCESTRY_REACH = 32;
async function newestCommitsBefore(context2, suite, judged2) {
  const out = [];
  const take = (entries) => {
    for (const e of entries) if (e.sha !== judged2.commit.sha && !out.some((o) => o.sha === e.sha) && out.length < ANCESTRY_REACH) out.push(e);
  };
  const state = context2.states?.get(suite);
  const first = suiteStart(context2.manifest.cases, suite, judged2.seq);
  let from = judged2.seq;
  if (state) {
    take(state.entries.filter((e) => e.seq < judged2.seq).reverse().map((e) => ({ seq: e.seq, sha: e.sha })));
    from = Math.min(from, state.since);
  }
  for (let span = 16; out.length < ANCESTRY_REACH && from > first; span *= 2) {
    const next = Math.max(first, from - span);
    take((await context2.load(next, from)).filter((s) => s.suite === suite).map((s) => ({ seq: s.seq, sha: s.commit.sha, date: Date.parse(s.commit.timestamp) })).reverse());
    from = next;
  }
  return out;
}
async function descendantOnTrend(context2, suite, judged2, ancestry2) {
  const newest = await newestCommitsBefore(context2, suite, judged2);
  let dated;
  const dateOf = async (sha) => {
    const e = newest.find((n) => n.sha === sha);
    if (e === void 0) return Number.NaN;
    if (e.date !== void 0) return e.date;
    const undated = newest.filter((n) => n.date === void 0);
    dated ??= context2.load(Math.min(...undated.map((n) => n.seq)), Math.max(...undated.map((n) => n.seq)) + 1).then((read) => new Map(undated.map((n) => [n.sha, Date.parse(read.find((s) => s.seq === n.seq)?.commit.timestamp ?? "")])));
    return (await dated).get(sha) ?? Number.NaN;
  };
  return descendantAmong(judged2.commit, newest, dateOf, ancestry2);
}
async function descendantAmong(judged2, newest, dateOf, ancestry2) {
  const descends = [];
  let asked = 0;
  for (const other of newest) {
    if (asked >= ANCESTRY_LOOKBACK) return void 0;
    if (descends.length > 0) {
      const dates = [Date.parse(judged2.timestamp), ...await Promise.all(descends.map(dateOf))].filter((d) => !Number.isNaN(d));
      if (dates.length > 0 && await dateOf(other.sha) < Math.max(...dates)) continue;
    }
    asked++;
    const said = await ancestry2(judged2.sha, other.sha);
    if (said === "older") return other.sha;
    if (said === void 0) return void 0;
    if (said === "newer") descends.push(other.sha);
  }
  return void 0;
}
async function replacedRunOf(context2, suite, judged2) {
  const first = suiteStart(context2.manifest.cases, suite, judged2.seq);
  const looking = new Set(judged2.shapes);
  let from = judged2.seq;
  for (let span = 4; from > first && looking.size > 0; span *= 2) {
    const next = Math.max(first, from - span);
    const read = (await context2.load(next, from)).filter((s) => s.suite === suite);
    for (const s of read.reverse()) {
      if (s.commit.sha !== judged2.commit.sha) return void 0;
      const shapes = supersededBy([s], judged2).length > 0 ? s.shapes.filter((x) => looking.has(x)) : [];
      if (shapes.length === 0) continue;
      if (s.runUrl === void 0 || s.runUrl !== judged2.runUrl) return { publishedAt: s.publishedAt, ...s.runUrl !== void 0 ? { runUrl: s.runUrl } : {}, shapes };
      for (const x of shapes) looking.delete(x);
      if (looking.size === 0) return void 0;
    }
    from = next;
  }
  return void 0;
}
function notJudgedVerdict(suite, sha, seq, p, method, olderThan) {
  return unjudged(
    suite,
    sha,
    seq,
    p,
    method,
    olderThan === void 0 ? `not judged: ${sha.slice(0, 7)} was benched again after newer commits, so its points take its place on the chart as history, not news (details: docs/alerts.md)` : `not judged: ${sha.slice(0, 7)} is older than ${olderThan.slice(0, 7)} (an ancestor of it), which the trend already holds, so its points are history, not news; the chart shows them after ${olderThan.slice(0, 7)}, in the order they were published (details: docs/alerts.md)`
  );
}
function unjudged(suite, sha, seq, p, method, reason) {
  return {
    suite,
    case: p.case,
    unit: p.unit,
    direction: p.direction,
    sha,
    seq,
    value: p.value,
    q1: p.q1,
    q3: p.q3,
    runs: p.runs,
    n: p.n,
    kind: "not-judged",
    method,
    reason,
    transitions: [],
    recent: []
  };
}
function regressionDeriver(suite, settings, ancestry2) {
  let last;
  const derive = async (context2) => {
    last = void 0;
    const imported = newestPerSuite(
      context2.added.filter((s) => s.imported),
      IMPORT_JUDGED,
      3 * settings.changePoints.scanLimit
    );
    const previous = imported.segments.length ? [...context2.previous, ...await replayStoredAlertsOnWorkers(imported.segments, settings, void 0, imported.judgeFrom)] : context2.previous;
    const mine = context2.added.filter((s) => s.suite === suite && !s.imported);
    const judged2 = mine[mine.length - 1];
    if (!judged2) return previous;
    const sha = judged2.commit.sha;
    const judgedCases = new Set(judged2.points.map((p) => p.case));
    const shapes = new Set(judged2.shapes);
    const replaced = /* @__PURE__ */ new Set([...judgedCases, ...context2.manifest.cases.filter((c) => c.suite === suite && shapes.has(c.shape)).map((c) => c.case)]);
    const replacedRun = await replacedRunOf(context2, suite, judged2);
    const undone = undoRun(previous, suite, sha, replaced);
    const stale = raisedByReplacedRun(undone, suite, sha, replaced);
    const kept = stale.length > 0 ? undone.filter((a) => !stale.includes(a)) : undone;
    const rebench = context2.rebenches?.get(suite) ?? await rebenchOfOlder(context2, suite, judged2);
    const olderThan = !rebench && ancestry2 ? await descendantOnTrend(context2, suite, judged2, ancestry2) : void 0;
    if (rebench || olderThan !== void 0) {
      const withdrawn2 = withdrawnAlerts(previous, kept, suite, sha, replaced);
      const verdicts2 = judged2.points.map((p) => notJudgedVerdict(suite, sha, judged2.seq, p, settings.method, olderThan));
      last = {
        suite,
        sha,
        source: "chunks",
        verdicts: verdicts2,
        alerts: kept,
        changed: changedAlerts(previous, kept),
        ...withdrawn2.length > 0 ? { withdrawn: withdrawn2 } : {},
        regressions: [],
        cases: context2.manifest.cases,
        ...olderThan !== void 0 ? { olderThan } : {},
        ...replacedRun ? { replacedRun } : {}
      };
      return kept;
    }
    const limit = settings.changePoints.scanLimit;
    const state = context2.states?.get(suite);
    const fromState = state ? historiesFromState(state, context2.manifest, judged2.seq + 1, limit, judgedCases) : void 0;
    const histories = fromState ?? await caseHistories(context2.load, context2.manifest, suite, judged2.seq + 1, limit, judgedCases);
    const verdicts = [];
    const changePoints = [];
    const directions = /* @__PURE__ */ new Map();
    for (const c of context2.manifest.cases) if (c.suite === suite) directions.set(c.case, c.direction);
    for (const p of judged2.points) directions.set(p.case, p.direction);
    const { controlMoved, witness } = witnessesAt(histories, directions, settings, judged2.seq);
    const { now: jobMovedAlike, before: alikeBefore2 } = movedAsOne(histories, directions, judged2.seq, settings.minEffect);
    const earlier = /* @__PURE__ */ new Map();
    const controls = [...histories].filter(([name]) => isControlCase(settings, name)).map(([name, points]) => ({ direction: directions.get(name) ?? "smaller", points }));
    const since = controls.length ? (from, seq) => controlsMovedSince(controls, from, seq, judged2.seq, settings.minEffect) : void 0;
    for (const p of judged2.points) {
      const walked = histories.get(p.case);
      if (!walked || walked[walked.length - 1]?.seq !== judged2.seq) continue;
      const points = p.summaryOnly === true ? [...walked.slice(0, -1), { ...walked[walked.length - 1], summaryOnly: true }] : walked;
      const control = isControlCase(settings, p.case);
      const hostMoved = controlMoved ?? witness.witnessWithout(p.case);
      const hostMovedBefore = points.slice(Math.max(0, points.length - 1 - HOST_WAIT), -1).reverse().map((q) => hostMovedAt(histories, directions, settings, q.seq, p.case, earlier));
      const runnerNoise = control ? true : controlMoved;
      const { verdict, changePoints: cps } = assessCase(
        { suite, case: p.case, unit: p.unit, direction: p.direction, points },
        memoryOf(kept, suite, p.case),
        settings,
        {
          suiteCases: judged2.points.length,
          jobMovedAlike,
          jobMovedAlikeBefore: alikeBefore2(points),
          hostMovedBefore,
          ...hostMoved !== void 0 ? { hostMoved } : {},
          ...runnerNoise !== void 0 ? { runnerNoise } : {},
          ...since ? { controlsMovedSince: since } : {}
        }
      );
      verdicts.push(verdict);
      changePoints.push(cps);
    }
    const alerts = withUndo(kept, updateAlerts(kept, verdicts, changePoints), suite, sha, judgedCases);
    const withdrawn = withdrawnAlerts(previous, alerts, suite, sha, replaced);
    const attributed = attributeVerdicts(verdicts, judged2.points);
    const runner = sameFactor(
      verdicts.map((v) => v.change),
      settings.minEffect
    );
    last = {
      ...runner !== void 0 ? { runner } : {},
      suite,
      sha,
      source: fromState ? "state" : "chunks",
      verdicts: attributed,
      alerts,
      changed: changedAlerts(previous, alerts),
      ...withdrawn.length > 0 ? { withdrawn } : {},
      regressions: regressionEntries(attributed),
      cases: context2.manifest.cases,
      ...context2.manifest.imported ? { importedSegments: context2.manifest.imported.entries } : {},
      ...replacedRun ? { replacedRun } : {}
    };
    return alerts;
  };
  return { derive, outcome: () => last };
}
async function comparePullRequest(read, location, suite, given, headSha, settings) {
  const manifest = await readManifest(read, location);
  const stored = new Map((manifest?.cases ?? []).filter((c) => c.suite === suite).map((c) => [c.case, c.unit]));
  const inconvertible = /* @__PURE__ */ new Map();
  const points = given.flatMap((p) => {
    const unit = stored.get(p.case);
    if (unit === void 0 || unit === p.unit) return [p];
    const converted = convertStoredPoint(p, unit);
    if (converted) return [{ ...p, ...converted }];
    inconvertible.set(p.case, unit);
    return [];
  });
  const limit = settings.changePoints.scanLimit;
  const index = manifest && manifest.version >= 2 ? manifest.suites.indexOf(suite) : -1;
  const state = manifest && index >= 0 ? await readTrustedState(read, location, manifest, index, []) : void 0;
  const only = new Set(points.map((p) => p.case));
  const fromState = manifest && state && isCurrent(state, manifest) ? historiesFromState(state, manifest, manifest.segments, limit, only) : void 0;
  const histories = !manifest ? /* @__PURE__ */ new Map() : fromState ?? await caseHistories((from, to) => loadSegments(read, location, from, to, manifest), manifest, suite, manifest.segments, limit, only);
  const seq = manifest?.segments ?? 0;
  const verdicts = points.map((p) => {
    const head = { sha: headSha, seq, value: p.value, q1: p.q1, q3: p.q3, runs: p.runs, n: p.n, ...p.summaryOnly === true ? { summaryOnly: true } : {} };
    const history = histories.get(p.case) ?? [];
    const memory = manifest ? memoryOf(manifest.alerts ?? [], suite, p.case) : NO_MEMORY;
    return assessCase({ suite, case: p.case, unit: p.unit, direction: p.direction, points: [...history, head] }, memory, settings, {
      suiteCases: points.length,
      mode: "compare"
    }).verdict;
  });
  const judged2 = attributeVerdicts(verdicts, points);
  if (inconvertible.size === 0) return judged2;
  const byCase = new Map(judged2.map((v) => [v.case, v]));
  return given.map((p) => {
    const unit = inconvertible.get(p.case);
    return unit === void 0 ? byCase.get(p.case) : notComparableVerdict(suite, headSha, seq, p, unit, settings.method);
  });
}
function notComparableVerdict(suite, sha, seq, p, stored, method) {
  return unjudged(
    suite,
    sha,
    seq,
    p,
    method,
    `not compared: ${JSON.stringify(p.case)} is reported in ${JSON.stringify(p.unit)}, but the base trend stores it in ${JSON.stringify(stored)}, which measures something else; publishing it there would be refused, so give it another case name or suite`
  );
}
function pagesUrlFor(repository, dataDir, serverUrl) {
  if (!repository || !/^https:\/\/github\.com\/?$/.test(serverUrl)) return void 0;
  const [owner, repo] = repository.split("/");
  if (!owner || !repo) return void 0;
  const dir = dataDir.split("/").filter(Boolean).map(encodeURIComponent).join("/");
  const host = `${owner.toLowerCase()}.github.io`;
  const root = repo.toLowerCase() === host ? "" : `/${encodeURIComponent(repo)}`;
  return `https://${host}${root}/${dir ? `${dir}/` : ""}`;
}
async function postRegressionComments(api, outcome, options) {
  const results = [];
  const marker2 = commentMarkers("commit", outcome.suite);
  const info2 = (name) => outcome.cases.find((c) => c.suite === outcome.suite && c.case === name);
  const culprits = /* @__PURE__ */ new Map();
  for (const v of outcome.verdicts) {
    if (!v.alert) continue;
    const row = rowFromVerdict(v);
    if (row) culprits.set(v.alert.sha, [...culprits.get(v.alert.sha) ?? [], row]);
  }
  const here = culprits.get(outcome.sha) ?? [];
  const raisedElsewhere = [...culprits].flatMap(([sha, rows2]) => sha === outcome.sha ? [] : rows2.map((r) => ({ case: r.case, at: sha })));
  const watch = outcome.verdicts.filter((v) => v.kind === "watch").map((v) => v.case);
  const ongoing = outcome.verdicts.flatMap((v) => v.kind === "regressed" && v.ongoing ? [{ case: v.case, since: v.ongoing.sha }] : []);
  const attributions = attributionLines(outcome.verdicts);
  const withdrawnAt = (sha) => (outcome.withdrawn ?? []).filter((a) => a.sha === sha);
  const written = /* @__PURE__ */ new Set();
  const judgedAny = outcome.verdicts.some((v) => v.kind !== "not-judged");
  if (here.length > 0 || options.always && judgedAny) {
    written.add(outcome.sha);
    const data = {
      suite: outcome.suite,
      sha: outcome.sha,
      rows: refreshCommentRows({ suite: outcome.suite, sha: outcome.sha, rows: here }, withdrawnAt(outcome.sha), info2),
      cases: outcome.verdicts.length,
      watch,
      ongoing,
      ...raisedElsewhere.length ? { raisedElsewhere } : {},
      ...attributions.length ? { attributions } : {},
      ...outcome.runner && here.length > 0 ? { runner: outcome.runner } : {},
      ...outcome.verdicts.some((v) => v.method === "ratio") ? { method: "ratio" } : {}
    };
    results.push(await api.upsertCommitComment(outcome.sha, marker2, () => renderCommitComment(data, options.links, options.ccUsers)));
  }
  if (options.onlyThisCommit) return results;
  const unlistedOf = (old, sha, listed) => {
    if (!old?.more) return { rows: [] };
    const named = (r, among) => among.some((o) => o.case === r.case && o.kind === r.kind);
    const rows2 = refreshCommentRows(
      void 0,
      outcome.alerts.filter((a) => a.suite === outcome.suite && a.sha === sha && (a.kind === "regression" || a.raised) && !named(a, listed)),
      info2
    );
    const more = Math.max(0, old.more - rows2.length - listed.filter((r) => !named(r, old.rows)).length);
    return more > 0 ? { rows: rows2, more } : { rows: rows2 };
  };
  const steps = new Map([...culprits].filter(([sha]) => sha !== outcome.sha));
  for (const [sha, rows2] of steps) {
    results.push(
      await api.upsertCommitComment(sha, marker2, (existing) => {
        const old = existing ? parseCommitCommentData(existing) : void 0;
        const kept = (old?.rows ?? []).filter((r) => !rows2.some((n) => n.case === r.case && n.kind === r.kind));
        const raised = rows2.some((r) => r.kind === "regression");
        const withSplit = raised && attributions.length ? { attributions } : old?.attributions ? { attributions: old.attributions } : {};
        const runner = raised && outcome.runner ? { runner: outcome.runner } : old?.runner ? { runner: old.runner } : {};
        const earlier = old?.method ? { method: old.method } : {};
        const listed = [...kept, ...rows2];
        const unlisted = unlistedOf(old, sha, listed);
        const all = refreshCommentRows({ suite: outcome.suite, sha, rows: [...listed, ...unlisted.rows] }, withdrawnAt(sha), info2);
        return renderCommitComment({ suite: outcome.suite, sha, rows: all, ...unlisted.more ? { more: unlisted.more } : {}, ...earlier, ...withSplit, ...runner }, options.links, options.ccUsers);
      })
    );
  }
  const handled = /* @__PURE__ */ new Set([outcome.sha, ...steps.keys()]);
  const moved = /* @__PURE__ */ new Map();
  for (const a of outcome.changed) {
    if (a.suite !== outcome.suite || handled.has(a.sha) || a.status === "suspected" && a.undo?.at === outcome.sha) continue;
    moved.set(a.sha, [...moved.get(a.sha) ?? [], a]);
  }
  for (const a of outcome.withdrawn ?? []) if (!written.has(a.sha) && !steps.has(a.sha)) moved.set(a.sha, [...moved.get(a.sha) ?? [], a]);
  const openAt = (sha) => outcome.alerts.filter((a) => a.suite === outcome.suite && a.sha === sha && a.kind === "regression" && a.status !== "cleared" && a.seq >= (outcome.importedSegments ?? 0));
  const missing = (sha) => {
    const open2 = openAt(sha);
    return open2.length === 0 ? void 0 : renderCommitComment({ suite: outcome.suite, sha, rows: refreshCommentRows(void 0, open2, info2) }, options.links, options.ccUsers);
  };
  for (const [sha, changed] of moved) {
    results.push(
      await api.upsertCommitComment(sha, marker2, (existing) => {
        const old = existing ? parseCommitCommentData(existing) : void 0;
        if (!old) return existing === void 0 && changed.some((a) => a.kind === "regression" && a.status === "confirmed") ? missing(sha) : void 0;
        const relevant = changed.filter((a) => a.kind === "regression" || old.rows.some((r) => r.case === a.case && r.kind === a.kind));
        if (relevant.length === 0) return void 0;
        const refreshed = refreshCommentRows(old, relevant, info2);
        const unlisted = unlistedOf(old, sha, refreshed);
        const { more: _counted, ...kept } = old;
        return renderCommitComment({ ...kept, suite: outcome.suite, rows: [...refreshed, ...unlisted.rows], ...unlisted.more ? { more: unlisted.more } : {} }, options.links, options.ccUsers);
      })
    );
  }
  const pending = new Set(ongoing.map((o) => o.since).filter((sha) => !handled.has(sha) && !moved.has(sha)));
  for (const sha of pending) {
    results.push(await api.upsertCommitComment(sha, marker2, (existing) => existing === void 0 ? missing(sha) : void 0));
  }
  return results;
}

// src/runner.ts
import { tmpdir } from "node:os";
function boundFrom(env, name, fallback) {
  const v = env[name];
  if (v === void 0 || v.trim() === "") return fallback;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
function networkBounds(env) {
  return {
    requestMs: boundFrom(env, "BENCHTREND_REQUEST_TIMEOUT_MS", DEFAULT_BOUNDS.requestMs),
    budgetMs: boundFrom(env, "BENCHTREND_NETWORK_BUDGET_MS", DEFAULT_BOUNDS.budgetMs),
    raceBudgetMs: boundFrom(env, "BENCHTREND_RACE_BUDGET_MS", DEFAULT_BOUNDS.raceBudgetMs)
  };
}
function enterpriseServerProblem(serverUrl) {
  let host = "github.com";
  try {
    host = new URL(serverUrl || "https://github.com").hostname.toLowerCase();
  } catch {
    return `GITHUB_SERVER_URL is not a URL: ${JSON.stringify(serverUrl)}`;
  }
  if (host !== "github.com" && !host.endsWith(".ghe.com") && !host.endsWith(".localhost")) {
    return `artifacts (v4, @actions/artifact 2 and later) are not supported on GitHub Enterprise Server (${host})`;
  }
  return void 0;
}
function artifactServiceProblem(env) {
  if (!env["ACTIONS_RUNTIME_TOKEN"] || !env["ACTIONS_RESULTS_URL"]) {
    return "the Actions artifact service is not available here (no ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL): artifacts exist only inside a workflow run";
  }
  return enterpriseServerProblem(env["GITHUB_SERVER_URL"]);
}
function docsUrlOf(serverUrl, actionRepository, actionRef) {
  if (!actionRepository || !actionRef || !/^[\w.-]+\/[\w.-]+$/.test(actionRepository) || !/^[\w.\/-]+$/.test(actionRef)) return void 0;
  return `${serverUrl}/${actionRepository}/blob/${actionRef}/docs/alerts.md`;
}
function runnerEnvironment(env, cwd) {
  const serverUrl = (env["GITHUB_SERVER_URL"] || "https://github.com").replace(/\/+$/, "");
  const repository = env["GITHUB_REPOSITORY"] || void 0;
  const runId = env["GITHUB_RUN_ID"];
  const attempt = Number(env["GITHUB_RUN_ATTEMPT"] ?? "1");
  const tempRoot = env["RUNNER_TEMP"] || tmpdir();
  const bounds = networkBounds(env);
  return {
    env,
    workspace: env["GITHUB_WORKSPACE"] || cwd,
    tempRoot,
    serverUrl,
    apiUrl: env["GITHUB_API_URL"] || "https://api.github.com",
    repository,
    sha: env["GITHUB_SHA"] ?? "",
    job: env["GITHUB_JOB"] || "job",
    runAttempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1,
    runUrl: repository && runId ? `${serverUrl}/${repository}/actions/runs/${runId}` : void 0,
    docsUrl: docsUrlOf(serverUrl, env["GITHUB_ACTION_REPOSITORY"], env["GITHUB_ACTION_REF"]),
    hasStepSummary: Boolean(env["GITHUB_STEP_SUMMARY"]),
    bounds,
    artifacts: {
      problem: artifactServiceProblem(env),
      serverProblem: enterpriseServerProblem(env["GITHUB_SERVER_URL"]),
      runtimeToken: env["ACTIONS_RUNTIME_TOKEN"] || void 0,
      tempDir: tempRoot,
      budgetMs: bounds.budgetMs
    }
  };
}

// src/action/runner.ts
function actionRunner() {
  const { eventName, payload } = context;
  return {
    ...runnerEnvironment(process.env, process.cwd()),
    eventName: eventName || "push",
    payload,
    now: (/* @__PURE__ */ new Date()).toISOString()
  };
}
function pullRequest(runner) {
  if (!runner.eventName.startsWith("pull_request")) return void 0;
  const pr = runner.payload["pull_request"];
  if (!pr || typeof pr.number !== "number" || typeof pr.head?.sha !== "string") return void 0;
  const headRepo = pr.head.repo?.full_name;
  const baseRepo = pr.base?.repo?.full_name;
  const fromFork = typeof baseRepo === "string" && headRepo !== baseRepo;
  return { number: pr.number, head: pr.head.sha, base: typeof pr.base?.ref === "string" ? pr.base.ref : "main", fromFork };
}
function mergeGroup(runner) {
  if (runner.eventName !== "merge_group") return void 0;
  const group2 = runner.payload["merge_group"];
  const head = typeof group2?.head_sha === "string" && group2.head_sha !== "" ? group2.head_sha : runner.sha;
  const fromBase = typeof group2?.base_ref === "string" ? group2.base_ref.replace(/^refs\/heads\//, "") : "";
  const fromHead = typeof group2?.head_ref === "string" ? /^refs\/heads\/gh-readonly-queue\/(.+)\/pr-\d+-[0-9a-f]+$/.exec(group2.head_ref)?.[1] ?? "" : "";
  const base = fromBase || fromHead || "main";
  const why = `A merge_group run publishes nothing: ${head.slice(0, 7)} is the merge queue's commit, not yet on ${base}; its points were compared with the trend, and the run of the push that lands it publishes`;
  return { head, base, why };
}
async function commitFor(runner, sha, token) {
  const url = commitUrl(runner.serverUrl, runner.repository, sha);
  const failures = [];
  const commit = await resolveCommitInfo({
    sha,
    ...url !== void 0 ? { url } : {},
    fromEvent: () => commitFromEvent(runner.payload, sha),
    fromGit: () => commitFromGit(runner.workspace, sha, runner.env, runner.bounds.requestMs),
    ...runner.repository ? {
      fromApi: () => commitFromApi({ apiUrl: runner.apiUrl, repository: runner.repository, sha, timeoutMs: runner.bounds.requestMs, ...token ? { token } : {} })
    } : {},
    onSourceError: (source, e) => {
      const why = e instanceof Error ? e.message : String(e);
      if (source === "api") failures.push(why);
      debug(`commit metadata from ${source} not read: ${why}`);
    },
    fallbackTimestamp: runner.now
  });
  if (commit.message === "" && commit.author === "") {
    warning(
      `No message or author found for commit ${sha.slice(0, 7)} (not in the event, not in the checkout${failures.length > 0 ? `, and the API failed: ${failures.join("; ")}` : runner.repository ? ", not known to the API" : ""}); its points are stored without them, or with those of its earlier run on the trend`
    );
  }
  return commit;
}
function withHomePaths(s, home) {
  if (!home) return s;
  const fromHome = (p) => p === "~" || p.startsWith("~/") ? join4(home, p.slice(1)) : p;
  return {
    ...s,
    records: s.records.map(fromHome),
    compareBaseline: s.compareBaseline.map(fromHome),
    ...s.importFrom !== void 0 ? { importFrom: fromHome(s.importFrom) } : {}
  };
}
function publishSettings(s) {
  return {
    repository: s.repository,
    branch: s.branch,
    dataDir: s.dataDir,
    suite: s.suite,
    maxAttempts: s.maxAttempts,
    annotations: s.annotations,
    ...s.token !== void 0 ? { token: s.token } : {},
    ...s.importFrom !== void 0 ? { importFrom: s.importFrom } : {},
    ...s.directionOverrides.length > 0 ? { directionOverrides: s.directionOverrides } : {},
    ...s.note !== void 0 ? { note: s.note } : {}
  };
}
function access(runner) {
  return {
    serverUrl: runner.serverUrl,
    ...runner.repository !== void 0 ? { currentRepository: runner.repository } : {},
    cwd: runner.workspace,
    env: runner.env,
    tempRoot: runner.tempRoot,
    bounds: runner.bounds
  };
}
function runContext(runner, commit) {
  return { commit, job: runner.job, runAttempt: runner.runAttempt, runUrl: runner.runUrl, now: runner.now, artifacts: runner.artifacts };
}
function bareCommit(runner, sha) {
  return { sha, message: "", author: "", timestamp: runner.now };
}
function links(s, runner) {
  const target = isOwnerName(s.repository) ? s.repository : s.repository === "" ? runner.repository : void 0;
  const pagesUrl = pagesUrlFor(target, s.dataDir, runner.serverUrl);
  return {
    ...pagesUrl !== void 0 ? { pagesUrl } : {},
    ...runner.runUrl !== void 0 ? { runUrl: runner.runUrl } : {},
    ...runner.docsUrl !== void 0 ? { docsUrl: runner.docsUrl } : {}
  };
}
function commentsApi(s, runner) {
  if (!s.token || !runner.repository) return void 0;
  const { requestMs, budgetMs } = runner.bounds;
  return new GitHubComments({ token: s.token, baseUrl: runner.apiUrl, repository: runner.repository, timeoutMs: requestMs, budgetMs, log: (l) => info(l) });
}
function reportComment(outcome) {
  if (outcome.ok) info(commentLogLine(outcome));
  else warning(outcome.warning);
}

// src/action/compare.ts
async function compareWithBaseTrend(settings, runner, pr, suites, extra, against) {
  return tellComparison(settings, runner, pr, await judgeWithTrend(settings, runner, suites, pr !== void 0, against), extra, against);
}
function judgeWithTrend(settings, runner, suites, forPullRequest, against) {
  return group(
    `Comparing with the ${forPullRequest ? "base branch" : against ? `${against.base}` : "published"} trend`,
    () => readTrend(publishSettings(settings), access(runner), async (read, location) => {
      const out = [];
      for (const s of suites) out.push({ suite: s.suite, sha: s.sha, verdicts: await comparePullRequest(read, location, s.suite, s.points, s.sha, settings.alerts) });
      return out;
    })
  );
}
async function tellComparison(settings, runner, pr, judged2, extra, against) {
  const api = pr ? commentsApi(settings, runner) : void 0;
  const defaultBranch = defaultBranchOf(runner.payload);
  const base = pr?.base ?? against?.base;
  const compared = base === void 0 ? void 0 : comparedWith(base, defaultBranch);
  const trend = compared?.onBase ? `the ${base} trend` : "the published trend";
  if (pr && !api && settings.commentOnPullRequest) warning("No pull-request comment was written: github-token is empty");
  const writing = pr && api && settings.commentOnPullRequest ? await current(api, pr) : false;
  const commented = new Set(
    [...judged2].sort((a, b) => worse(b.verdicts) - worse(a.verdicts)).slice(0, MAX_PULL_REQUEST_COMMENTS).map((j) => j.suite)
  );
  if (pr && writing && judged2.length > MAX_PULL_REQUEST_COMMENTS) {
    warning(
      `${judged2.length} suites were compared; comments were written for the ${MAX_PULL_REQUEST_COMMENTS} with the most cases worse than ${compared?.trend ?? pr.base}, one per suite, and the other ${judged2.length - MAX_PULL_REQUEST_COMMENTS} are in this job's summary`
    );
  }
  const tables = [];
  for (const { suite, sha, verdicts } of judged2) {
    tables.push(renderVerdictTable(verdicts, `Against ${trend}${judged2.length > 1 ? ` (${suite})` : ""}`, links(settings, runner)));
    if (pr && api && writing && commented.has(suite)) {
      const data = { suite, sha, base: pr.base, ...defaultBranch !== void 0 ? { defaultBranch } : {}, verdicts };
      const render = (report2) => [renderPullRequestComment(data, links(settings, runner), Math.max(0, COMMENT_LIMIT - report2.length - 2)), report2].join("\n\n").trimEnd();
      let body = render(extra ?? "");
      if (body.length > COMMENT_LIMIT) body = render(COMPARE_REPORT_LEFT_OUT);
      reportComment(await api.upsertPullRequestComment(pr.number, commentMarkers("pr", suite), body, { fromFork: pr.fromFork === true }));
    }
  }
  info(pr ? "Pull requests never publish: the head was compared with the published trend, which only pushes, dispatches and schedules write" : against?.why ?? "auto-push is false: nothing was published, and the points were compared with the trend");
  return { tables, regressions: judged2.flatMap((j) => regressionEntries(j.verdicts)) };
}
function defaultBranchOf(payload) {
  const repository = payload["repository"];
  const name = typeof repository === "object" && repository !== null ? repository.default_branch : void 0;
  return typeof name === "string" && name !== "" ? name : void 0;
}
var COMPARE_REPORT_LEFT_OUT = `The compare-baseline report is in this job's summary: beside the verdicts it would not fit the ${COMMENT_LIMIT.toLocaleString("en")} characters GitHub takes in a comment.`;
var MAX_PULL_REQUEST_COMMENTS = 10;
var worse = (verdicts) => verdicts.filter((v) => v.kind === "regressed" || v.kind === "step").length;
async function current(api, pr) {
  const now = await api.pullRequestNow(pr.number);
  if (now === void 0) return true;
  if (!now.open) {
    info(`No pull-request comment was written: pull request #${pr.number} is closed; this run benched ${pr.head.slice(0, 7)}`);
    return false;
  }
  if (now.head === void 0 || now.head === pr.head) return true;
  info(`No pull-request comment was written: pull request #${pr.number} has moved on to ${now.head.slice(0, 7)} since this run benched ${pr.head.slice(0, 7)}; the run of its head writes the comment`);
  return false;
}

// src/effects/ancestry.ts
function cleanEnv(env) {
  const clean2 = { GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", GIT_NO_LAZY_FETCH: "1" };
  for (const [k, v] of Object.entries(env)) if (v !== void 0 && !(k in clean2)) clean2[k] = v;
  return clean2;
}
function ancestryFromGit(cwd, env, timeoutMs = DEFAULT_BOUNDS.requestMs) {
  const run = { cwd, env: cleanEnv(env), timeoutMs };
  const isAncestor = async (a, b) => {
    try {
      await git(["merge-base", "--is-ancestor", a, b], run);
      return true;
    } catch (e) {
      return e instanceof GitCommandError && e.exitCode === 1 ? false : void 0;
    }
  };
  const present = /* @__PURE__ */ new Map();
  const has = (c) => {
    let known = present.get(c);
    if (!known) present.set(c, known = git(["cat-file", "-e", `${c}^{commit}`], run).then(() => true, () => false));
    return known;
  };
  return async (sha, other) => {
    if (!await has(sha) || !await has(other)) return void 0;
    const older = await isAncestor(sha, other);
    if (older !== false) return older && "older";
    const newer = await isAncestor(other, sha);
    if (newer !== false) return newer && "newer";
    try {
      const shallow = (await git(["rev-parse", "--is-shallow-repository"], run)).stdout.toString("utf8").trim();
      return shallow === "false" ? "diverged" : void 0;
    } catch {
      return void 0;
    }
  };
}
function ancestryFromApi(api) {
  return (sha, other) => api.commitAncestry(sha, other);
}
function firstAnswer(sources) {
  const asked = /* @__PURE__ */ new Map();
  return (sha, other) => {
    const key2 = `${sha}..${other}`;
    let answer = asked.get(key2);
    if (!answer) {
      answer = (async () => {
        for (const source of sources) {
          const said = await source(sha, other);
          if (said !== void 0) return said;
        }
        return void 0;
      })();
      asked.set(key2, answer);
    }
    return answer;
  };
}

// src/effects/page-assets.ts
import { readdir as readdir3, readFile as readFile2 } from "node:fs/promises";
import { fileURLToPath as fileURLToPath2 } from "node:url";
import { join as join5, relative as relative3, sep as sep2 } from "node:path";
var VERSION_FILE = "version.txt";
function builtPageDir() {
  const fromSources = /\/src\/effects\/[^/]*$/.test(import.meta.url);
  const inChunk = /\/dist\/chunks\/[^/]*$/.test(import.meta.url);
  return fileURLToPath2(new URL(fromSources ? "../../dist/page/" : inChunk ? "../page/" : "./page/", import.meta.url));
}
async function walk2(dir) {
  const out = [];
  for (const e of await readdir3(dir, { withFileTypes: true })) {
    const p = join5(dir, e.name);
    if (e.isDirectory()) out.push(...await walk2(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}
async function readPageAssets(dir) {
  const url = dir ?? builtPageDir();
  let version;
  try {
    version = (await readFile2(join5(url, VERSION_FILE), "utf8")).trim();
  } catch {
    throw new Error(`the chart page is not built: ${join5(url, VERSION_FILE)} is missing; run npm run build`);
  }
  if (!/^[0-9a-f]{6,64}$/.test(version)) throw new Error(`${join5(url, VERSION_FILE)}: not a page version: ${JSON.stringify(version)}`);
  const files = /* @__PURE__ */ new Map();
  for (const path of await walk2(url)) {
    const rel = relative3(url, path).split(sep2).join("/");
    if (rel === VERSION_FILE) continue;
    files.set(rel, new Uint8Array(await readFile2(path)));
  }
  if (!files.has("index.html")) throw new Error(`${url}: the chart page has no index.html; run npm run build`);
  return { version, files };
}

// src/action/publish.ts
var PUBLISH_HOOKS = {
  log: (l) => info(l),
  warn: (l) => warning(l),
  pageAssets: () => readPageAssets()
};
function otherRepository(settings, runner) {
  const { webUrl } = resolveTrendTarget(publishSettings(settings), access(runner)).remote;
  const own = runner.repository === void 0 ? void 0 : `${runner.serverUrl.replace(/\/+$/, "")}/${runner.repository}`;
  return webUrl !== void 0 && own !== void 0 && webUrl.toLowerCase() !== own.toLowerCase() ? webUrl : void 0;
}
async function publishOrWarn(run, other) {
  try {
    return await run();
  } catch (e) {
    if (e instanceof PushPermissionError) {
      const advice = other === void 0 ? "A pull request from a fork gets a read-only token; give the job contents: write to publish." : `The job's own token (github-token's default) may push only to its own repository, whatever the workflow's permissions: give github-token a token that may push to ${other} (a personal access token or a GitHub App's, with contents: write).`;
      warning(`Nothing was published: ${e.message}. ${advice}`);
      return void 0;
    }
    throw e;
  }
}
function ancestry(runner, api) {
  const sources = [ancestryFromGit(runner.workspace, runner.env, runner.bounds.requestMs)];
  if (api) sources.push(ancestryFromApi(api));
  return firstAnswer(sources);
}
function replacedLine(o, esc = (t) => t) {
  const r = o.replacedRun;
  if (!r) return void 0;
  const shapes = r.shapes.map((x) => esc(JSON.stringify(x))).join(", ");
  return `${esc(o.suite)} at ${o.sha.slice(0, 7)}: this run replaced the points of shape${r.shapes.length === 1 ? "" : "s"} ${shapes} that ${r.runUrl ?? "an earlier run"} published for this commit at ${r.publishedAt}; the trend keeps one point per case per commit, so running again on an unchanged commit (a re-run, a schedule) replaces its points rather than adding a point`;
}
async function publishJudged(settings, runner, groups, note) {
  const groupKey = (suite, commit) => `${suite}\0${commit}`;
  const api = commentsApi(settings, runner);
  const ancestryOf = ancestry(runner, api);
  const judges = new Map(groups.map((g) => [groupKey(g.suite, g.commit.sha), regressionDeriver(g.suite, settings.alerts, ancestryOf)]));
  const only = judges.size === 1 ? [...judges.values()][0] : void 0;
  const published = await group(
    "Publishing",
    () => publishOrWarn(async () => {
      const { note: runNote, ...shared } = publishSettings(settings);
      const result = await publishGroups(
        { ...shared, ...note && runNote !== void 0 ? { note: runNote } : {} },
        { ...access(runner), groups, publishedAt: runner.now },
        {
          ...PUBLISH_HOOKS,
          alerts: async (ctx) => {
            const own = ctx.added.find((a) => !a.imported);
            const judge = own !== void 0 ? judges.get(groupKey(own.suite, own.commit.sha)) : only;
            return judge ? judge.derive(ctx) : ctx.previous;
          }
        }
      );
      return result.commit;
    }, otherRepository(settings, runner))
  );
  if (published) setOutput("published-commit", published);
  const outcomes = published ? [...judges.values()].map((j) => j.outcome()).filter((o) => o !== void 0) : [];
  for (const o of outcomes) {
    const line = replacedLine(o);
    if (line) info(line);
  }
  const replaced = outcomes.map((o) => replacedLine(o, escapeMarkdown)).filter((l) => l !== void 0);
  const { verdicts, regressions } = await afterPublish(outcomes, settings, runner, api);
  return {
    verdicts,
    regressions,
    table: (title) => verdicts.length ? renderVerdictTable(verdicts, title, links(settings, runner), true) : "",
    cases: outcomes.flatMap((o) => o.cases),
    replaced
  };
}
async function afterPublish(outcomes, s, runner, api) {
  const verdicts = outcomes.flatMap((o) => o.verdicts);
  const regressions = outcomes.flatMap((o) => o.regressions);
  for (const a of regressionAnnotations(verdicts)) warning(a.message, { title: a.title });
  for (const o of outcomes) for (const line of withdrawnLines(o)) info(`${o.suite} / ${line}`);
  for (const o of outcomes) {
    if (o.olderThan !== void 0) info(`${o.suite}: ${o.sha.slice(0, 7)} is older than ${o.olderThan.slice(0, 7)} (an ancestor of it), which the trend already holds: its points were published after it and not judged`);
  }
  if (api && (s.commentOnAlert || s.commentAlways)) {
    await group("Commenting", async () => {
      for (const outcome of outcomes) {
        const results = await postRegressionComments(api, outcome, {
          always: s.commentAlways,
          onlyThisCommit: !s.commentOnAlert,
          ccUsers: s.ccUsers,
          links: links(s, runner)
        });
        results.forEach(reportComment);
        if (s.commentAlways && outcome.verdicts.length > 0 && outcome.verdicts.every((v) => v.kind === "not-judged")) {
          const why = outcome.olderThan !== void 0 ? `it is older than ${outcome.olderThan.slice(0, 7)}, which the trend already holds` : "it was benched again after newer commits";
          info(`No comment on ${outcome.sha.slice(0, 7)}: ${why}, so this run judged nothing (its points are history, not news)`);
        }
      }
    });
  } else if ((s.commentOnAlert || s.commentAlways) && regressions.length > 0) {
    warning("A case regressed but no comment was written: github-token is empty");
  }
  return { verdicts, regressions };
}

export {
  DEFAULT_MIN_EFFECT,
  parseMinEffect,
  escapeMarkdown,
  parseDirectionOverrides,
  decidedBy,
  applyDirectionOverrides,
  overridesMatchingNothing,
  compareReport2 as compareReport,
  parseControlCases,
  booleanInput,
  wholeNumber,
  storedName,
  controlCasesMatchingNothing,
  floorsMatchingNothing,
  parseWorseRatio,
  readAlertSettings,
  configureReplayWorkers,
  replayWorkersFrom,
  replaySpillFrom,
  isReplayWorker,
  serveReplayWorker,
  urlSecrets,
  stopGitCommands,
  stoppedText,
  removeClaimedFoldersNow,
  checkoutHead,
  checkoutCommit,
  FORMAT_CHOICES,
  unknownFormat,
  splitPatterns,
  loadRecords,
  loadRecordFiles,
  parseAnnotations,
  mapLimit,
  notPublishing,
  publishesOn,
  publishSecrets,
  resolveTrendTarget,
  workflowRunFromEvent,
  findRunPullRequest,
  actionRunner,
  pullRequest,
  mergeGroup,
  commitFor,
  withHomePaths,
  publishSettings,
  access,
  runContext,
  bareCommit,
  compareWithBaseTrend,
  judgeWithTrend,
  tellComparison,
  publishJudged
};
//# sourceMappingURL=chunk-GZKZMJLE.js.map
