/**
 * Colour palettes for the painted pictures: harmonious sets, so that random compositions still
 * look like someone chose the colours. Each lists a light ground first and its accents after.
 */
export interface Palette {
  name: string;
  colors: readonly [string, string, string, string, string];
}

export const palettes: readonly Palette[] = [
  { name: 'Spring Meadow', colors: ['#f4f1de', '#81b29a', '#f2cc8f', '#e07a5f', '#3d405b'] },
  { name: 'Harbour', colors: ['#edf2f4', '#8d99ae', '#2b2d42', '#ef233c', '#d90429'] },
  { name: 'Ochre', colors: ['#fefae0', '#dda15e', '#bc6c25', '#606c38', '#283618'] },
  { name: 'Lagoon', colors: ['#caf0f8', '#90e0ef', '#00b4d8', '#0077b6', '#03045e'] },
  { name: 'Blossom', colors: ['#fff0f3', '#ffccd5', '#ff8fa3', '#c9184a', '#590d22'] },
  { name: 'Bauhaus', colors: ['#f1faee', '#e63946', '#1d3557', '#f4a261', '#2a9d8f'] },
  { name: 'Dusk', colors: ['#ffcdb2', '#ffb4a2', '#e5989b', '#b5838d', '#6d6875'] },
  { name: 'Forest', colors: ['#dad7cd', '#a3b18a', '#588157', '#3a5a40', '#344e41'] },
  { name: 'Citrus', colors: ['#fffbea', '#ffd60a', '#ffc300', '#fb8500', '#023047'] },
  { name: 'Terracotta', colors: ['#f7ede2', '#f6bd60', '#f28482', '#84a59d', '#5e503f'] },
  { name: 'Lavender', colors: ['#f8f7ff', '#b8b8ff', '#9381ff', '#ffd8be', '#2d2a4a'] },
  { name: 'Sea Glass', colors: ['#e9f5db', '#cfe1b9', '#b5c99a', '#87986a', '#4f5d2f'] },
  { name: 'Ember', colors: ['#ffe6a7', '#bb9457', '#99582a', '#6f1d1b', '#2b2118'] },
  { name: 'Nocturne', colors: ['#e0e1dd', '#778da9', '#415a77', '#1b263b', '#0d1b2a'] },
];
