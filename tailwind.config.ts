import type { Config } from 'tailwindcss';

export default {
  content: ['ui/index.html', 'ui/src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        bayou: { 950: '#07130e', 900: '#0b1a14', 800: '#12291f', 700: '#1b3d2e', 600: '#265340' },
        moss: { 400: '#8fd18a', 300: '#b4e3ad' },
        gold: { 400: '#e0b84a', 500: '#d4a537' },
        voodoo: { 500: '#8b5cf6' },
      },
      fontFamily: {
        // Self-hosted (ui/src/styles.css); Georgia only shows while the font file loads.
        display: ['"Playfair Display"', 'Georgia', '"Times New Roman"', 'serif'],
      },
      keyframes: {
        'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
        'rise-in': {
          from: { opacity: '0.1', transform: 'translateY(0.5rem)' },
          to: { opacity: '1', transform: 'translateY(0)' },
        },
      },
      animation: {
        // The landing title: its first line fades in, then the gradient brand line (docs/product.md#home-and-landing).
        'title-in': 'rise-in 500ms ease-out both',
        'title-in-late': 'rise-in 500ms ease-out 400ms both',
        'fade-in': 'fade-in 400ms ease-out both',
      },
    },
  },
  plugins: [],
} satisfies Config;
