// The scene layer: manifests, layouts, layer tree, transitions, display lists.
