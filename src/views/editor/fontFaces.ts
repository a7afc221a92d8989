// The built-in 3D text families as page fonts (regular Latin face, served from our own origin),
// so the font picker shows each family in its own face. The browser loads a face only when used.
import '@fontsource/merriweather/latin-400.css';
import '@fontsource/playfair-display/latin-400.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto-mono/latin-400.css';
