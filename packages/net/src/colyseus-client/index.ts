/**
 * `@loop/net/colyseus-client`: a page's connection over colyseus.js 0.16 (an optional peer), as
 * a Link that rejoins its seat after a drop.
 *
 * @module @loop/net/colyseus-client
 */
export {
  CLOSE_CONSENTED,
  joinLink,
  RoomLink,
  type RoomLinkOptions,
  type RoomLinkState,
} from './room-link.js';
