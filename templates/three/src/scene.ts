import {
  AmbientLight,
  BoxGeometry,
  Color,
  ConeGeometry,
  DirectionalLight,
  Fog,
  GridHelper,
  type Group,
  HemisphereLight,
  IcosahedronGeometry,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  TorusGeometry,
} from 'three';

/** Everything three.js draws: the scene, its camera, and one mesh per body. */
export interface View {
  scene: Scene;
  camera: PerspectiveCamera;
  meshes: Mesh[];
}

/**
 * Builds the scene once: shapes whose orientation is easy to read (a cone, a box, a torus)
 * so a bad blend shows, a few shared geometries and materials, lights and a floor grid.
 */
export function createView(count: number): View {
  const scene = new Scene();
  scene.background = new Color('#05070d');
  scene.fog = new Fog('#05070d', 14, 34);
  const camera = new PerspectiveCamera(50, 1, 0.1, 100);
  camera.position.set(0, 7, 15);
  camera.lookAt(0, 0, 0);

  scene.add(new HemisphereLight('#bcd4ff', '#20140a', 1.2));
  scene.add(new AmbientLight('#ffffff', 0.2));
  const sun = new DirectionalLight('#ffffff', 2);
  sun.position.set(5, 10, 7);
  scene.add(sun);
  const grid = new GridHelper(30, 30, '#29406b', '#16223a');
  grid.position.y = -3;
  scene.add(grid);

  const geometries = [
    new ConeGeometry(0.35, 0.9, 16),
    new BoxGeometry(0.6, 0.3, 0.9),
    new TorusGeometry(0.35, 0.12, 10, 24),
    new IcosahedronGeometry(0.4, 0),
  ];
  const meshes: Mesh[] = [];
  for (let i = 0; i < count; i++) {
    const material = new MeshStandardMaterial({
      color: new Color().setHSL(i / count, 0.7, 0.6),
      roughness: 0.45,
      metalness: 0.1,
      flatShading: true,
    });
    const mesh = new Mesh(geometries[i % geometries.length], material);
    meshes.push(mesh);
    scene.add(mesh);
  }
  // The centre everything orbits.
  scene.add(
    new Mesh(
      new IcosahedronGeometry(0.8, 2),
      new MeshStandardMaterial({ color: '#ffd27a', emissive: '#6b4a10' }),
    ),
  );
  return { scene, camera, meshes };
}

/** Copies blended positions (stride 3) and orientations (stride 4) onto the meshes. */
export function applyState(
  meshes: readonly (Mesh | Group)[],
  positions: Float64Array,
  orientations: Float64Array,
): void {
  for (let i = 0; i < meshes.length; i++) {
    const mesh = meshes[i]!;
    mesh.position.fromArray(positions, 3 * i);
    mesh.quaternion.fromArray(orientations, 4 * i);
  }
}
