import {
  BoxGeometry,
  DirectionalLight,
  HemisphereLight,
  InstancedMesh,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Scene,
} from 'three';

/**
 * The three.js scene the game already had before it added physics: a floor, two lights, a
 * camera, and its boxes as the instances of one InstancedMesh (one draw call for all of them).
 * Nothing here knows of Rapier or of a loop: the guide adds those without touching this file.
 */
export function createScene(boxes: number, aspect = 16 / 9) {
  const scene = new Scene();
  const camera = new PerspectiveCamera(50, aspect, 0.1, 200);
  camera.position.set(0, 12, 26);
  camera.lookAt(0, 2, 0);
  scene.add(new HemisphereLight(0xffffff, 0x404040, 1.5), new DirectionalLight(0xffffff, 2));
  const floor = new Mesh(new PlaneGeometry(40, 40), new MeshStandardMaterial({ color: 0x808080 }));
  floor.rotation.x = -Math.PI / 2;
  scene.add(floor);
  const mesh = new InstancedMesh(
    new BoxGeometry(1, 1, 1),
    new MeshStandardMaterial({ color: 0xe07030 }),
    boxes,
  );
  scene.add(mesh);
  return { scene, camera, mesh };
}
