import type { Lane } from '../lanes.js';
import { Y } from '../world.js';
import { LANE_COLORS } from './colors.js';
import { richText } from './rich-text.js';

/** Column headings of the figures table. */
const HEADINGS = [
  'lane',
  'RMS motion error (mm)',
  'worst (mm)',
  'steps run',
  'steps owed',
  'dropped (ms)',
  'fps',
  'distance / s (m)',
];

/**
 * The figures table: one row per lane, refreshed a few times a second (and at once after a
 * step), never every frame. Each row also carries its figures as data attributes, unrounded,
 * so the tests read numbers, not text.
 */
export class FiguresTable {
  /** Per lane shown: its row and the row's cells after the name. */
  private rows: { readonly row: HTMLTableRowElement; readonly cells: HTMLTableCellElement[] }[] =
    [];

  constructor(private readonly table: HTMLTableElement) {
    const head = table.createTHead().insertRow();
    for (const text of HEADINGS) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = text;
      head.appendChild(th);
    }
    table.createTBody();
  }

  /** Makes one row per lane, and lists what each shown lane shows under `notes`. */
  setLanes(lanes: readonly Lane[], notes?: HTMLElement): void {
    notes?.replaceChildren(
      ...lanes.map((lane) => {
        const item = document.createElement('li');
        item.style.borderLeftColor = LANE_COLORS[lane.spec.id];
        const name = document.createElement('strong');
        name.textContent = `${lane.spec.label}: `;
        item.append(name, ...richText(lane.spec.note));
        return item;
      }),
    );
    const body = this.table.tBodies[0]!;
    body.replaceChildren();
    this.rows = [];
    for (const lane of lanes) {
      const row = body.insertRow();
      row.dataset.lane = lane.spec.id;
      const name = document.createElement('th');
      name.scope = 'row';
      name.textContent = lane.spec.label;
      name.style.borderLeft = `4px solid ${LANE_COLORS[lane.spec.id]}`;
      row.appendChild(name);
      const cells: HTMLTableCellElement[] = [];
      for (let i = 1; i < HEADINGS.length; i++) cells.push(row.insertCell());
      this.rows.push({ row, cells });
    }
  }

  /** Writes every lane's figures. */
  update(lanes: readonly Lane[]): void {
    for (let i = 0; i < lanes.length; i++) {
      const lane = lanes[i]!;
      const shown = this.rows[i];
      if (!shown) continue;
      const { row, cells } = shown;
      const { loop } = lane;
      const figures = [
        (lane.motion.rms * 1000).toFixed(3),
        (lane.motion.worst * 1000).toFixed(3),
        String(loop.tick),
        String(lane.owed),
        loop.stats.dropped.toFixed(0),
        lane.fps.toFixed(2),
        lane.speed.toFixed(3),
      ];
      for (let j = 0; j < figures.length; j++) cells[j]!.textContent = figures[j]!;
      const data = row.dataset;
      data.rms = String(lane.motion.rms);
      data.worst = String(lane.motion.worst);
      data.ticks = String(loop.tick);
      data.owed = String(lane.owed);
      data.dropped = String(loop.stats.dropped);
      data.fps = String(lane.fps);
      data.speed = String(lane.speed);
      data.rendered = String(lane.rendered);
      data.ballY = String(lane.world.current[Y]);
      data.offset = String(lane.offset);
    }
  }
}
