import '@loop/core';
