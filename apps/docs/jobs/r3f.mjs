/** The jobs of `@loop/r3f`'s reference, in order (see JOBS in ../reference.mjs). */
export const R3F_JOBS = [
  {
    package: '@loop/r3f',
    title: 'React Three Fiber',
    blurb:
      "The fixed step inside R3F's own frames: `<FixedLoop>` drives `@loop/core`'s loop from `useFrame`, `useFixedUpdate` steps the simulation, `useFixedRender` draws with alpha, and objects and instances are drawn between two steps.",
    guide: { text: 'React Three Fiber with Rapier', link: '/guide/r3f' },
  },
];
