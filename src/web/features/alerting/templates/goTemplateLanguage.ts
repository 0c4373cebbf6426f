import { StreamLanguage } from '@codemirror/language';

interface TemplateState {
  inAction: boolean;
  inComment: boolean;
}

const KEYWORDS = new Set(['define', 'template', 'block', 'end', 'if', 'else', 'range', 'with', 'break', 'continue']);
const CONSTANTS = new Set(['true', 'false', 'nil']);

/**
 * Go's text/template for the template editor's colours: text outside `{{ }}` is left plain; inside,
 * keywords, strings, numbers, `$variables`, `.Fields` and function names are told apart. It only
 * colours: whether a template parses is the server's answer on save.
 */
export const goTemplateLanguage = StreamLanguage.define<TemplateState>({
  name: 'gotemplate',
  startState: () => ({ inAction: false, inComment: false }),
  copyState: (state) => ({ ...state }),
  token(stream, state) {
    if (state.inComment) {
      if (stream.skipTo('*/')) {
        stream.match('*/');
        state.inComment = false;
      } else stream.skipToEnd();
      return 'comment';
    }
    if (!state.inAction) {
      if (stream.match(/^\{\{-?/)) {
        state.inAction = true;
        return 'brace';
      }
      // Plain text runs to the next action (or the line's end); it is not at one, so this always advances.
      if (!stream.skipTo('{{')) stream.skipToEnd();
      return null;
    }
    if (stream.eatSpace()) return null;
    if (stream.match(/^-?\}\}/)) {
      state.inAction = false;
      return 'brace';
    }
    if (stream.match('/*')) {
      state.inComment = true;
      return 'comment';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^`[^`]*`?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
    if (stream.match(/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/)) return 'number';
    if (stream.match(/^\$\w*/)) return 'variableName';
    if (stream.match(/^(?:\.\w+)+/) || stream.match('.')) return 'propertyName';
    const word = stream.match(/^[A-Za-z_]\w*/);
    if (word) {
      const text = (word as RegExpMatchArray)[0];
      return KEYWORDS.has(text) ? 'keyword' : CONSTANTS.has(text) ? 'atom' : 'variableName.function';
    }
    if (stream.match(/^(?::=|=|\|)/)) return 'operator';
    if (stream.match(/^[()]/)) return 'paren';
    stream.next();
    return null;
  },
});
