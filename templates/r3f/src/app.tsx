import type { Loop } from '@loop/core';
import { createStatsOverlay, type Input } from '@loop/core/dom';
import { FixedLoop } from '@loop/r3f';
import { Canvas } from '@react-three/fiber';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Boxes } from './boxes';
import { FLOOR_HALF, type Game } from './game';

/** Simulation steps per second, whatever the display or the cap. */
export const SIMULATION_HZ = 60;
/** At most this many steps in one frame: after a stall the game slows down instead of freezing. */
export const MAX_STEPS = 4;
/** The FPS caps the HUD offers; the first is in force as the page opens (a phone's battery). */
export const CAPS = [30, 60] as const;

/**
 * The game's page: the scene in `<Canvas>` under `<FixedLoop>` of @loop/r3f, and the HUD (the
 * cap's buttons and a Jump button) rendered into `hud`. `frameloop="never"`: the loop's own
 * scheduler calls R3F's frames, so the cap decides which frames are drawn (a real 30 fps on a
 * 60 Hz display, every other frame), while the simulation keeps its 60 steps a second.
 */
export function App({ game, input, hud }: { game: Game; input: Input; hud: HTMLElement }) {
  const [cap, setCap] = useState<number>(CAPS[0]);
  const [loop, setLoop] = useState<Loop | null>(null);
  // The stats overlay, its first line the cap in force (made again when the cap changes).
  useEffect(() => {
    if (loop === null) return;
    const label = `cap ${cap} fps · simulation ${SIMULATION_HZ} Hz`;
    const made = createStatsOverlay(loop, { label });
    return () => made.dispose();
  }, [loop, cap]);

  return (
    <>
      <Canvas
        frameloop="never"
        camera={{ position: [0, 9, 14], fov: 50 }}
        onCreated={({ camera }) => camera.lookAt(0, 1, 0)}
      >
        <FixedLoop ref={setLoop} timestep={1000 / SIMULATION_HZ} maxSteps={MAX_STEPS} maxFps={cap}>
          <color attach="background" args={['#101418']} />
          <hemisphereLight args={['#dfefff', '#303030', 1.5]} />
          <directionalLight position={[5, 10, 4]} intensity={2} />
          <mesh position={[0, -0.5, 0]}>
            <boxGeometry args={[2 * FLOOR_HALF, 1, 2 * FLOOR_HALF]} />
            <meshStandardMaterial color="#3a4a58" />
          </mesh>
          <Boxes game={game} input={input} />
        </FixedLoop>
      </Canvas>
      {createPortal(<Hud cap={cap} onCap={setCap} />, hud)}
    </>
  );
}

/**
 * The HUD: the cap in force (its button pressed) and the other, and a Jump button, whose
 * `data-key` makes it tap Space through the game's input (`createInput` of @loop/core/dom).
 */
function Hud({ cap, onCap }: { cap: number; onCap: (fps: number) => void }) {
  return (
    <>
      <span>FPS cap </span>
      {CAPS.map((fps) => (
        <button
          key={fps}
          type="button"
          data-fps={fps}
          aria-pressed={fps === cap}
          onClick={() => onCap(fps)}
        >
          {fps}
        </button>
      ))}
      <button type="button" data-key="Space">
        Jump
      </button>
      <p className="hint">Space or a tap on the scene: jump. Boxes that fall off come back.</p>
    </>
  );
}
