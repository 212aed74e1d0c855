//! The custom sections of an output module: names, wasm-bindgen's, target features, producers
//! and DWARF. (Vendored from wasm_split_cli_support 0.2.4, where they close `emit.rs`; moved here
//! unchanged so that file holds the standard sections alone.)

use std::collections::HashMap;

use eyre::Result;
use wasm_encoder::{ProducersField, ProducersSection};

use super::{dwarf, ModuleEmitState, OutputFunction};
use crate::{dep_graph::DepNode, tracing_support::perf_span};

impl ModuleEmitState<'_> {
    pub(super) fn generate_name_section(&mut self) -> Result<()> {
        let perf_span = perf_span!("name section", module_index = self.output_module_index);
        let _perf_span = perf_span.enter();

        fn convert_name_map(parser_map: &wasmparser::NameMap<'_>) -> Result<wasm_encoder::NameMap> {
            let mut encoder_map = wasm_encoder::NameMap::new();
            for r in parser_map.clone() {
                let naming = r?;
                encoder_map.append(naming.index, naming.name);
            }
            Ok(encoder_map)
        }

        fn convert_name_hash_map(map: &HashMap<usize, &str>) -> wasm_encoder::NameMap {
            let mut encoder_map = wasm_encoder::NameMap::new();
            let mut names = map.iter().map(|(i, name)| (*i, *name)).collect::<Vec<_>>();
            names.sort();
            for (i, name) in names {
                encoder_map.append(i as u32, name);
            }
            encoder_map
        }
        let mut section = wasm_encoder::NameSection::new();
        // Function names
        {
            let mut name_map = wasm_encoder::NameMap::new();
            let mut locals_map = wasm_encoder::IndirectNameMap::new();
            let mut labels_map = wasm_encoder::IndirectNameMap::new();
            for output_function in &self.defined_functions {
                match output_function {
                    OutputFunction::DefinedFromInput { input_func_id, .. } => {
                        let Some(&output_func_id) = self.dep_to_local_index.get(&DepNode::Function(*input_func_id))
                        else {
                            continue;
                        };
                        if let Some(&name) = self.input_module.names.functions.get(input_func_id) {
                            name_map.append(output_func_id as u32, name);
                        }
                        if let Some(name_map) = self.input_module.names.locals.get(input_func_id) {
                            locals_map.append(output_func_id as u32, &convert_name_map(name_map)?);
                        }
                        if let Some(name_map) = self.input_module.names.labels.get(input_func_id) {
                            labels_map.append(output_func_id as u32, &convert_name_map(name_map)?);
                        }
                    }
                    &OutputFunction::IndirectCallShim { ref input_func_id, shim_index: local_index, .. } => {
                        if let Some(&name) = self.input_module.names.functions.get(input_func_id) {
                            name_map.append(local_index as u32, &format!("{name} indirect_call_shim"));
                        }
                    }
                    &OutputFunction::LocalShim { ref input_func_id, shim_index: local_index, .. } => {
                        if let Some(&name) = self.input_module.names.functions.get(input_func_id) {
                            name_map.append(local_index as u32, &format!("{name} local_shim"));
                        }
                    }
                }
            }
            section.functions(&name_map);
            section.locals(&locals_map);
            section.labels(&labels_map);
        }
        section.types(&convert_name_hash_map(&self.input_module.names.types));
        section.tables(&convert_name_hash_map(&self.input_module.names.tables));
        section.memories(&convert_name_hash_map(&self.input_module.names.memories));
        section.globals(&convert_name_hash_map(&self.input_module.names.globals));
        // elements
        {
            // appended fragments are named after their input segment
            let mut data_names = self.input_module.names.data_segments.clone();
            let input_count = self.input_module.data_segments.len();
            for (i, (segment_idx, _)) in self.output_module_info.extra_fragments().enumerate() {
                if let Some(name) = self.input_module.names.data_segments.get(&segment_idx) {
                    data_names.insert(input_count + i, name);
                }
            }
            section.data(&convert_name_hash_map(&data_names));
        }
        // tag
        // fields
        // tags
        self.output_module.section(&section);
        Ok(())
        // Type names
    }

    pub(super) fn generate_wasm_bindgen_sections(&mut self) {
        if !self.is_main() {
            return;
        }
        for custom in &self.input_module.wasm_bindgen_unstable {
            self.output_module
                .section(&wasm_encoder::CustomSection { name: custom.name().into(), data: custom.data().into() });
        }
    }

    pub(super) fn generate_target_features_section(&mut self) {
        if let Some(custom) = self.input_module.target_features.as_ref() {
            self.output_module
                .section(&wasm_encoder::CustomSection { name: custom.name().into(), data: custom.data().into() });
        }
    }

    pub(super) fn generate_producers_section(&mut self) -> Result<()> {
        let mut producers = ProducersSection::new();
        let mut produced_by = ProducersField::new();
        const PROCESSED_BY_FIELD_NAME: &str = "processed-by";

        if self.is_main() {
            // copy the section from input wasm, but insert ourselves
            if let Some(fields) = self.input_module.producers.as_ref() {
                for input_field in fields.clone().into_iter() {
                    let input_field = input_field?;
                    let mut field = ProducersField::new();
                    for entry in input_field.values.into_iter() {
                        let entry = entry?;
                        field.value(entry.name, entry.version);
                    }
                    if input_field.name == PROCESSED_BY_FIELD_NAME {
                        produced_by = field;
                    } else {
                        producers.field(input_field.name, &field);
                    }
                }
            }
        }
        produced_by.value("wasm_split_cli_support", env!("CARGO_PKG_VERSION"));
        producers.field(PROCESSED_BY_FIELD_NAME, &produced_by);
        self.output_module.section(&producers);
        Ok(())
    }

    pub(super) fn generate_debug_sections(&mut self) -> Result<()> {
        if !self.emit_state.input_options.emit_dwarf {
            return Ok(());
        }
        let perf_span = perf_span!("debug section", module_index = self.output_module_index);
        let _perf_span = perf_span.enter();
        dwarf::emit_debug_info(self)
    }
}
